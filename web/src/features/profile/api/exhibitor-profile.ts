import { LIST_EXHIBITOR_PROFILES, type TExhibitorProfile } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const exhibitorProfileQueryKey = (userId: string) => callQueryKey(LIST_EXHIBITOR_PROFILES, { query: { userId } });

/** A user's profile: the call answers an array, the first element is the profile (docs/product.md#calls-and-answers). */
export async function getExhibitorProfile(userId: string, signal?: AbortSignal): Promise<TExhibitorProfile | null> {
  const list = await callApi(LIST_EXHIBITOR_PROFILES, { query: { userId }, signal });
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
