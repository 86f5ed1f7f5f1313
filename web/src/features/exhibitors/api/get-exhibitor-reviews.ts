import { LIST_EXHIBITOR_REVIEWS } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

/** The latest reviews on all of the exhibitor's stands, in one call. */
const exhibitorReviewsQueryOptions = (userId: string) => callQueryOptions(LIST_EXHIBITOR_REVIEWS, { query: { exhibitorId: userId } });
export const exhibitorReviewsQueryKey = (userId: string) => exhibitorReviewsQueryOptions(userId).queryKey;

export function useExhibitorReviews(userId: string) {
  return useQuery(exhibitorReviewsQueryOptions(userId));
}
