import type { TReview, TReviewCreate } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { standReviewsQueryKey } from './get-stand-reviews';

export function createReview(standId: string, body: TReviewCreate): Promise<TReview> {
  return api.post<TReview>(`/api/stands/${encodeURIComponent(standId)}/reviews`, body);
}

/** Writes a review; the stand's reviews and every exhibitor figure (average rating) reload. */
export function useCreateReview(standId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReviewCreate) => createReview(standId, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: standReviewsQueryKey(standId) }),
        queryClient.invalidateQueries({ queryKey: ['exhibitors'] }),
      ]);
    },
  });
}
