import { DELETE_REVIEW, GET_EXHIBITOR, LIST_EXHIBITOR_REVIEWS, type TReview } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';
import { standReviewsQueryKey } from './get-stand-reviews';

/** Deletes a review (its writer's own); the stand's reviews and every exhibitor's figures (average rating) and latest reviews reload. */
export function useDeleteReview(standId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: Pick<TReview, 'id'>) => callApi(DELETE_REVIEW, { params: { id: standId, reviewId: review.id } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: standReviewsQueryKey(standId) }),
        queryClient.invalidateQueries({ queryKey: callQueryKey(GET_EXHIBITOR) }),
        queryClient.invalidateQueries({ queryKey: callQueryKey(LIST_EXHIBITOR_REVIEWS) }),
      ]);
    },
  });
}
