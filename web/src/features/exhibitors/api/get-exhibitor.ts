import type { TExhibitor } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const exhibitorQueryKey = (userId: string) => ['exhibitors', userId] as const;

/** GET /api/exhibitors/{userId}: profile fields, total stands, average rating, member since. */
export function getExhibitor(userId: string, signal?: AbortSignal): Promise<TExhibitor> {
  return api.get<TExhibitor>(`/api/exhibitors/${encodeURIComponent(userId)}`, { signal });
}

export const exhibitorQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: exhibitorQueryKey(userId),
    queryFn: ({ signal }) => getExhibitor(userId, signal),
  });

export function useExhibitor(userId: string | null | undefined) {
  return useQuery({ ...exhibitorQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
