import { CREATE_EVENT, UPDATE_EVENT, type CallBody, type TEditScope } from '@flohmarkt/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { eventQueryKey } from '@/features/events/api/get-event';
import { invalidateEventLists, invalidateEveryEventRead } from '@/features/events/api/get-events';
import { seriesQueryOptions } from '@/features/events/api/get-series';
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

/** The dates of a series, as GET_SERIES answers them (issue 34): read again after one of them changed. */
export function invalidateSeries(queryClient: QueryClient, seriesId: string | null): Promise<void> {
  if (!seriesId) return Promise.resolve();
  return queryClient.invalidateQueries({ queryKey: seriesQueryOptions(seriesId).queryKey });
}

export interface EventUpdate {
  body: EventBody;
  /** Issue 34: a market of a series is edited alone ('this', the default) or with every later date ('following'). */
  scope?: TEditScope;
}

/** UPDATE_EVENT: the event page shows the saved answer at once; "alle folgenden" changed later markets too, which read again. */
export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // 'this' is the server's default: an ordinary edit sends no query, as it did before series.
    mutationFn: ({ body, scope = 'this' }: EventUpdate) => callApi(UPDATE_EVENT, { params: { id }, query: scope === 'this' ? undefined : { scope }, body }),
    onSuccess: async (event, { scope = 'this' }) => {
      queryClient.setQueryData(eventQueryKey(id), event);
      await Promise.all([
        scope === 'following' ? invalidateEveryEventRead(queryClient) : invalidateEventLists(queryClient),
        invalidateSeries(queryClient, event.seriesId),
      ]);
    },
  });
}
