import type { TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const userStandsQueryKey = (userId: string) => ['users', userId, 'stands'] as const;

export function getUserStands(userId: string, signal?: AbortSignal): Promise<TStand[]> {
  return api.get<TStand[]>(`/api/users/${encodeURIComponent(userId)}/stands`, { signal });
}

export const userStandsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userStandsQueryKey(userId),
    queryFn: ({ signal }) => getUserStands(userId, signal),
  });

export function useUserStands(userId: string | undefined, enabled = true) {
  return useQuery({ ...userStandsQueryOptions(userId ?? ''), enabled: enabled && Boolean(userId) });
}
