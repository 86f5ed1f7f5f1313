import type { TStand, TStandBulkReviewInput } from '@flohmarkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshEventStands } from './review-draft';

/**
 * PATCH /api/events/{id}/stands/review: approves and rejects the chosen stands in one request and
 * one transaction (all or none); every decided stand's registrant gets one mail. Answers the updated stands.
 */
export function reviewStands(eventId: string, body: TStandBulkReviewInput): Promise<TStand[]> {
  return api.patch<TStand[]>(`/api/events/${encodeURIComponent(eventId)}/stands/review`, body);
}

/** 'Ausgewählte genehmigen' / 'Ausgewählte ablehnen': the lists, the event's free places and the overview reload. */
export function useReviewStands(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: (body: TStandBulkReviewInput) => reviewStands(eventId, body), onSuccess: refresh });
}
