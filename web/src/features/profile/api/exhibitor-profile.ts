import { LIST_EXHIBITOR_PROFILES } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const exhibitorProfileQueryKey = (userId: string) => callQueryKey(LIST_EXHIBITOR_PROFILES, { query: { userId } });

/** A user's profile, or null: the call answers an array, the first element is the profile (docs/product.md#calls-and-answers). */
export function useExhibitorProfile(userId: string) {
  return useQuery({
    queryKey: exhibitorProfileQueryKey(userId),
    queryFn: async ({ signal }) => (await callApi(LIST_EXHIBITOR_PROFILES, { query: { userId }, signal }))[0] ?? null,
  });
}
