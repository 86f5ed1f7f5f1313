import type { TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/stands/user/{userId}: the user's own stands with their status (pending ones too). */
export const myStandsQueryKey = (userId: string) => ['stands', 'user', userId] as const;

export function getMyStands(userId: string, signal?: AbortSignal): Promise<TStand[]> {
  return api.get<TStand[]>(`/api/stands/user/${encodeURIComponent(userId)}`, { signal });
}

export const myStandsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myStandsQueryKey(userId),
    queryFn: ({ signal }) => getMyStands(userId, signal),
  });

export function useMyStands(userId: string | undefined) {
  return useQuery({ ...myStandsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
