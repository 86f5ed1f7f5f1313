import { CREATE_EVENT, UPDATE_EVENT, type CallBody } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { eventQueryKey } from '@/features/events/api/get-event';
import { invalidateEventLists } from '@/features/events/api/get-events';
import { callApi } from '@/lib/api-call';

/** What the form sends to create or edit a market (the two bodies are one shape). */
export type EventBody = CallBody<typeof CREATE_EVENT> & CallBody<typeof UPDATE_EVENT>;

/** CREATE_EVENT: the creator becomes an organiser, so the signed-in user reloads too. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventBody) => callApi(CREATE_EVENT, { body }),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(event.id), event);
      await Promise.all([invalidateEventLists(queryClient), queryClient.invalidateQueries({ queryKey: currentUserQueryKey })]);
    },
  });
}

/** UPDATE_EVENT: the event page shows the saved answer at once. */
export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventBody) => callApi(UPDATE_EVENT, { params: { id }, body }),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(id), event);
      await invalidateEventLists(queryClient);
    },
  });
}
