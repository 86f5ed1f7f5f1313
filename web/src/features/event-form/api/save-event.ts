import type { TEvent } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { eventQueryKey } from '@/features/events/api/get-event';
import { api } from '@/lib/api-client';

export function createEvent(body: Record<string, unknown>): Promise<TEvent> {
  return api.post<TEvent>('/api/events', body, { idempotent: true });
}

export function updateEvent(id: string, body: Record<string, unknown>): Promise<TEvent> {
  return api.put<TEvent>(`/api/events/${encodeURIComponent(id)}`, body);
}

/** POST /api/events: the creator becomes an organiser, so the signed-in user reloads too. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(event.id), event);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['events', 'list'] }), queryClient.invalidateQueries({ queryKey: currentUserQueryKey })]);
    },
  });
}

/** PUT /api/events/{id}: the event page shows the saved answer at once. */
export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => updateEvent(id, body),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(id), event);
      await queryClient.invalidateQueries({ queryKey: ['events', 'list'] });
    },
  });
}
