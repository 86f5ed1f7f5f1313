import type { TEvent } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { api } from '@/lib/api-client';

export function cancelEvent(id: string, reason: string): Promise<TEvent> {
  return api.patch<TEvent>(`/api/events/${encodeURIComponent(id)}/cancel`, { reason });
}

/**
 * PATCH /api/events/{id}/cancel (issue 17, organiser or admin): the event page shows the cancelled event at
 * once; every list shows 'Abgesagt' the next time it is read.
 */
export function useCancelEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelEvent(id, reason),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(id), event);
      // Every list, the admin's too, lives under ['events', 'list'].
      await queryClient.invalidateQueries({ queryKey: ['events', 'list'] });
    },
  });
}
