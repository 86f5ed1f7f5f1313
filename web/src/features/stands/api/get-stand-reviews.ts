import type { TReview } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const standReviewsQueryKey = (standId: string) => ['stands', standId, 'reviews'] as const;

export function getStandReviews(standId: string, signal?: AbortSignal): Promise<TReview[]> {
  return api.get<TReview[]>(`/api/stands/${encodeURIComponent(standId)}/reviews`, { signal });
}

export const standReviewsQueryOptions = (standId: string) =>
  queryOptions({
    queryKey: standReviewsQueryKey(standId),
    queryFn: ({ signal }) => getStandReviews(standId, signal),
  });

export function useStandReviews(standId: string | undefined) {
  return useQuery({ ...standReviewsQueryOptions(standId ?? ''), enabled: Boolean(standId) });
}
