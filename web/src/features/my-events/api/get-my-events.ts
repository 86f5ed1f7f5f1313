import { LIST_MY_EVENTS, type TMyEvent } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

/** LIST_MY_EVENTS: the markets the signed-in user organises, upcoming first, each with its counters; one entry per user (the session decides whose). */
export const myEventsQueryKey = (userId: string) => [...callQueryKey(LIST_MY_EVENTS), { userId }];

export function getMyEvents(signal?: AbortSignal): Promise<TMyEvent[]> {
  return callApi(LIST_MY_EVENTS, { signal });
}

export const myEventsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myEventsQueryKey(userId),
    queryFn: ({ signal }) => getMyEvents(signal),
  });

export function useMyEvents(userId: string) {
  return useQuery(myEventsQueryOptions(userId));
}
