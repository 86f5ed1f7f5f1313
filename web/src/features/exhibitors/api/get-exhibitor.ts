import { GET_EXHIBITOR } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

/** The exhibitor page of a user: profile fields, total stands, average rating, member since. */
const exhibitorQueryOptions = (userId: string) => callQueryOptions(GET_EXHIBITOR, { params: { id: userId } });
export const exhibitorQueryKey = (userId: string) => exhibitorQueryOptions(userId).queryKey;

export function useExhibitor(userId: string | null | undefined) {
  return useQuery({ ...exhibitorQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
