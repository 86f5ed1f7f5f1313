import { LIST_STAND_REVIEWS } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

const standReviewsQueryOptions = (standId: string) => callQueryOptions(LIST_STAND_REVIEWS, { params: { id: standId } });
export const standReviewsQueryKey = (standId: string) => standReviewsQueryOptions(standId).queryKey;

export function useStandReviews(standId: string | undefined) {
  return useQuery({ ...standReviewsQueryOptions(standId ?? ''), enabled: Boolean(standId) });
}
