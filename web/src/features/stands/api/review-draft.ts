import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { draftStandsQueryKey } from './get-draft-stands';
import { eventStandsQueryKey } from './get-event-stands';

export function approveDraft(standId: string): Promise<unknown> {
  return api.patch(`/api/stands/${encodeURIComponent(standId)}/approve-draft`);
}

/** A registered user's stand is rejected (it stays visible to its owner as 'Abgelehnt'). */
export function rejectStand(standId: string): Promise<unknown> {
  return api.patch(`/api/stands/${encodeURIComponent(standId)}/reject`);
}

function useRefreshEventStands(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(eventId) }),
      queryClient.invalidateQueries({ queryKey: ['events', eventId], exact: true }),
    ]);
}

/** 'Freigeben': the draft becomes a visible stand; drafts and stands reload. */
export function useApproveDraft(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: approveDraft, onSuccess: refresh });
}

export function useRejectStand(eventId: string) {
  const refresh = useRefreshEventStands(eventId);
  return useMutation({ mutationFn: rejectStand, onSuccess: refresh });
}
