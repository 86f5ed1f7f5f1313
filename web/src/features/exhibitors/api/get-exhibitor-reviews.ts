import { LIST_EXHIBITOR_REVIEWS, type TReview } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const exhibitorReviewsQueryKey = (userId: string) => callQueryKey(LIST_EXHIBITOR_REVIEWS, { query: { exhibitorId: userId } });

/** The latest reviews on all of the exhibitor's stands, in one call. */
export function getExhibitorReviews(userId: string, signal?: AbortSignal): Promise<TReview[]> {
  return callApi(LIST_EXHIBITOR_REVIEWS, { query: { exhibitorId: userId }, signal });
}

export const exhibitorReviewsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: exhibitorReviewsQueryKey(userId),
    queryFn: ({ signal }) => getExhibitorReviews(userId, signal),
  });

export function useExhibitorReviews(userId: string) {
  return useQuery(exhibitorReviewsQueryOptions(userId));
}
