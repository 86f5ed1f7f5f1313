import { COPY_EVENT, LIST_MY_EVENTS, type CallBody } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '@/features/events/api/get-event';
import { invalidateEventLists } from '@/features/events/api/get-events';
import { callApi, callQueryKey } from '@/lib/api-call';

export type EventCopyBody = CallBody<typeof COPY_EVENT>;

/**
 * COPY_EVENT (issue 34): a new market from this one, at the given times. The call is declared
 * idempotent, so callApi sends the submission's Idempotency-Key and a second press of the same
 * submission after a lost answer gets the first copy instead of a second one.
 */
export function useCopyEvent(sourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventCopyBody) => callApi(COPY_EVENT, { params: { id: sourceId }, body }),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(event.id), event);
      // The organiser's own list ("Meine Flohmärkte") gains the copy as well.
      await Promise.all([invalidateEventLists(queryClient), queryClient.invalidateQueries({ queryKey: callQueryKey(LIST_MY_EVENTS) })]);
    },
  });
}
