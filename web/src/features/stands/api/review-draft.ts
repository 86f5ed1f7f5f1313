import { APPROVE_STAND, REJECT_STAND } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { callApi } from '@/lib/api-call';
import { draftStandsQueryKey } from './get-draft-stands';
import { eventStandsQueryKey } from './get-event-stands';
import { standOverviewQueryKey } from './get-stand-overview';

/** After a decision: the review lists, the public stands, the organiser's counters and the event (its free places). */
export function useRefreshEventStands(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: standOverviewQueryKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: eventQueryKey(eventId), exact: true }),
    ]);
}

/** 'Freigeben': the draft becomes a visible stand; drafts and stands reload. */
export function useApproveDraft(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: (standId: string) => callApi(APPROVE_STAND, { params: { id: standId } }), onSuccess: refresh });
}

/**
 * A stand, a guest's too, is rejected with an optional reason (issue 17): it stays visible to its owner, or to
 * the guest under their manage link, as 'Abgelehnt' with the reason.
 */
export function useRejectStand(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({
    mutationFn: ({ standId, reason }: { standId: string; reason: string }) => callApi(REJECT_STAND, { params: { id: standId }, body: { reason } }),
    onSuccess: refresh,
  });
}
