import { CREATE_REVIEW, GET_EXHIBITOR, LIST_EXHIBITOR_REVIEWS, type CallBody } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';
import { standReviewsQueryKey } from './get-stand-reviews';

type ReviewBody = CallBody<typeof CREATE_REVIEW>;

/** Writes a review; the stand's reviews and every exhibitor's figures (average rating) and latest reviews reload. */
export function useCreateReview(standId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => callApi(CREATE_REVIEW, { params: { id: standId }, body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: standReviewsQueryKey(standId) }),
        queryClient.invalidateQueries({ queryKey: callQueryKey(GET_EXHIBITOR) }),
        queryClient.invalidateQueries({ queryKey: callQueryKey(LIST_EXHIBITOR_REVIEWS) }),
      ]);
    },
  });
}
