import { DELETE_STAND } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { callApi } from '@/lib/api-call';
import { draftStandsQueryKey } from './get-draft-stands';
import { eventStandsQueryKey } from './get-event-stands';
import { standQueryKey } from './get-stand';
import { standOverviewQueryKey } from './get-stand-overview';
import { standReviewsQueryKey } from './get-stand-reviews';

/** The owner's DELETE withdraws their stand; the organiser's or an admin's deletes it. */
export function deleteStand(standId: string): Promise<void> {
  return callApi(DELETE_STAND, { params: { id: standId } });
}

/** Deletes a stand or a guest draft; the event's stand lists and its count reload. */
export function useDeleteStand(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStand,
    onSuccess: async (_data, standId) => {
      queryClient.removeQueries({ queryKey: standQueryKey(standId) });
      queryClient.removeQueries({ queryKey: standReviewsQueryKey(standId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(eventId) }),
        // A freed place moves the first on the waitlist up: the counters change too (issue 18).
        queryClient.invalidateQueries({ queryKey: standOverviewQueryKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: eventQueryKey(eventId), exact: true }),
      ]);
    },
  });
}
