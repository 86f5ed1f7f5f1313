import type { TReview } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const exhibitorReviewsQueryKey = (userId: string) => ['exhibitors', userId, 'reviews'] as const;

/** GET /api/reviews?exhibitorId=: the latest reviews on all of the exhibitor's stands, in one call. */
export function getExhibitorReviews(userId: string, signal?: AbortSignal): Promise<TReview[]> {
  return api.get<TReview[]>(`/api/reviews?exhibitorId=${encodeURIComponent(userId)}`, { signal });
}

export const exhibitorReviewsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: exhibitorReviewsQueryKey(userId),
    queryFn: ({ signal }) => getExhibitorReviews(userId, signal),
  });

export function useExhibitorReviews(userId: string) {
  return useQuery(exhibitorReviewsQueryOptions(userId));
}
