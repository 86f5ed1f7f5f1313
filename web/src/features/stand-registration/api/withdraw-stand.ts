import type { TStand } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftStandsQueryKey } from '@/features/stands/api/get-draft-stands';
import { eventStandsQueryKey } from '@/features/stands/api/get-event-stands';
import { standQueryKey } from '@/features/stands/api/get-stand';
import { api } from '@/lib/api-client';
import { myStandsQueryKey } from './my-stands';

export function withdrawStand(standId: string): Promise<void> {
  return api.delete<void>(`/api/stands/${encodeURIComponent(standId)}`);
}

/**
 * The owner's DELETE /api/stands/{id} withdraws the stand (issue 17): it stays in My stands as
 * 'Zurückgezogen' and leaves the event's lists, whose count changes too.
 */
export function useWithdrawStand(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stand: TStand) => withdrawStand(stand.id),
    onSuccess: (_data, stand) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myStandsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: standQueryKey(stand.id) }),
        queryClient.invalidateQueries({ queryKey: eventStandsQueryKey(stand.eventId) }),
        queryClient.invalidateQueries({ queryKey: draftStandsQueryKey(stand.eventId) }),
        queryClient.invalidateQueries({ queryKey: ['events', stand.eventId], exact: true }),
      ]),
  });
}
