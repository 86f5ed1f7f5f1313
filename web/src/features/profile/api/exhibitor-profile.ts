import type { TExhibitorProfile } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const exhibitorProfileQueryKey = (userId: string) => ['exhibitor-profiles', userId] as const;

/** GET /api/exhibitor-profiles?userId=: an array, the first element is the profile (docs/product.md#calls-and-answers). */
export async function getExhibitorProfile(userId: string, signal?: AbortSignal): Promise<TExhibitorProfile | null> {
  const list = await api.get<TExhibitorProfile[]>(`/api/exhibitor-profiles?userId=${encodeURIComponent(userId)}`, { signal });
  return list[0] ?? null;
}

export const exhibitorProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: exhibitorProfileQueryKey(userId),
    queryFn: ({ signal }) => getExhibitorProfile(userId, signal),
  });

export function useExhibitorProfile(userId: string) {
  return useQuery(exhibitorProfileQueryOptions(userId));
}
