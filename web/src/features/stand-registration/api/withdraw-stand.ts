import type { TStand } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { deleteStand } from '@/features/stands/api/delete-stand';
import { draftStandsQueryKey } from '@/features/stands/api/get-draft-stands';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { standQueryKey } from '@/features/stands/api/get-stand';
import { myStandsQueryKey } from './my-stands';

/**
 * The owner's delete withdraws the stand (issue 17): it stays in My stands as 'Zurückgezogen' and
 * leaves the event's lists, whose count changes too.
 */
export function useWithdrawStand(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stand: TStand) => deleteStand(stand.id),
    onSuccess: (_data, stand) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myStandsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: standQueryKey(stand.id) }),
        queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(stand.eventId) }),
        queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(stand.eventId) }),
        queryClient.invalidateQueries({ queryKey: eventQueryKey(stand.eventId), exact: true }),
      ]),
  });
}
