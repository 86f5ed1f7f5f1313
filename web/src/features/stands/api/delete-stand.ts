import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { draftStandsQueryKey } from './get-draft-stands';
import { eventStandsQueryKey } from './get-event-stands';
import { standOverviewQueryKey } from './get-stand-overview';

export function deleteStand(standId: string): Promise<void> {
  return api.delete<void>(`/api/stands/${encodeURIComponent(standId)}`);
}

/** Deletes a stand or a guest draft; the event's stand lists and its count reload. */
export function useDeleteStand(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStand,
    onSuccess: async (_data, standId) => {
      queryClient.removeQueries({ queryKey: ['stands', standId] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(eventId) }),
        // A freed place moves the first on the waitlist up: the counters change too (issue 18).
        queryClient.invalidateQueries({ queryKey: standOverviewQueryKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: ['events', eventId], exact: true }),
      ]);
    },
  });
}
