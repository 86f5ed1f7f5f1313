import { REVIEW_STANDS, type CallBody, type TStand } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-call';
import { useRefreshEventStands } from './review-draft';

type BulkReviewBody = CallBody<typeof REVIEW_STANDS>;

/**
 * Approves and rejects the chosen stands in one request and one transaction (all or none); every
 * decided stand's registrant gets one mail. Answers the updated stands.
 */
export function reviewStands(eventId: string, body: BulkReviewBody): Promise<TStand[]> {
  return callApi(REVIEW_STANDS, { params: { id: eventId }, body });
}

/** 'Ausgewählte genehmigen' / 'Ausgewählte ablehnen': the lists, the event's free places and the overview reload. */
export function useReviewStands(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: (body: BulkReviewBody) => reviewStands(eventId, body), onSuccess: refresh });
}
