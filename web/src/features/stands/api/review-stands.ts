import { REVIEW_STANDS, type CallBody } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';
import { useRefreshEventStands } from './review-draft';

type BulkReviewBody = CallBody<typeof REVIEW_STANDS>;

/**
 * 'Ausgewählte genehmigen' / 'Ausgewählte ablehnen': approves and rejects the chosen stands in one
 * request and one transaction (all or none); every decided stand's registrant gets one mail. The
 * answer is the updated stands; the lists, the event's free places and the overview reload.
 */
export function useReviewStands(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: (body: BulkReviewBody) => callApi(REVIEW_STANDS, { params: { id: eventId }, body }), onSuccess: refresh });
}
