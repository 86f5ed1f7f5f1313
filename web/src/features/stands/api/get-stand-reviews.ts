import { LIST_STAND_REVIEWS, type TReview } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

export const standReviewsQueryKey = (standId: string) => callQueryKey(LIST_STAND_REVIEWS, { params: { id: standId } });

export function getStandReviews(standId: string, signal?: AbortSignal): Promise<TReview[]> {
  return callApi(LIST_STAND_REVIEWS, { params: { id: standId }, signal });
}

export const standReviewsQueryOptions = (standId: string) =>
  queryOptions({
    queryKey: standReviewsQueryKey(standId),
    queryFn: ({ signal }) => getStandReviews(standId, signal),
  });

export function useStandReviews(standId: string | undefined) {
  return useQuery({ ...standReviewsQueryOptions(standId ?? ''), enabled: Boolean(standId) });
}
