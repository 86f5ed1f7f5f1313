import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { draftStandsQueryKey } from './get-draft-stands';
import { eventStandsQueryKey } from './get-event-stands';

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
        queryClient.invalidateQueries({ queryKey: ['events', eventId], exact: true }),
      ]);
    },
  });
}
