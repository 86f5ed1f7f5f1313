import type { TReview } from '@flohmarkt/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A review as the list answers it; the reviewer's names may come along (optional). */
export type StandReview = TReview & { reviewer?: { firstName: string | null; lastName: string | null } | null };

export const standReviewsQueryKey = (standId: string) => ['stands', standId, 'reviews'] as const;

export function getStandReviews(standId: string, signal?: AbortSignal): Promise<StandReview[]> {
  return api.get<StandReview[]>(`/api/stands/${encodeURIComponent(standId)}/reviews`, { signal });
}

export const standReviewsQueryOptions = (standId: string) =>
  queryOptions({
    queryKey: standReviewsQueryKey(standId),
    queryFn: ({ signal }) => getStandReviews(standId, signal),
  });

export function useStandReviews(standId: string | undefined) {
  return useQuery({ ...standReviewsQueryOptions(standId ?? ''), enabled: Boolean(standId) });
}

/** The reviews of a few stands (an exhibitor's recent ones), newest first. */
export function useReviewsOfStands(standIds: string[]) {
  return useQueries({
    queries: standIds.map((id) => standReviewsQueryOptions(id)),
    combine: (results) => ({
      reviews: results
        .flatMap((r) => r.data ?? [])
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      isPending: results.some((r) => r.isPending),
    }),
  });
}
