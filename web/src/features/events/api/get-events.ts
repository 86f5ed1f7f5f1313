import { GET_EVENT, GET_EVENT_VIEWPORT, LIST_ADMIN_EVENTS, LIST_EVENTS, LIST_MY_EVENTS, type TEventListSort } from '@flohmarkt/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callQueryKey, callQueryOptions } from '@/lib/api-call';

/** The search parameters of LIST_EVENTS: the server filters, the client never downloads every event. */
export interface EventListParams {
  upcoming?: boolean;
  /** YYYY-MM-DD, a calendar day in Europe/Berlin. */
  date?: string;
  lat?: number;
  lng?: number;
  radiusKm?: number;
  limit?: number;
  offset?: number;
  /** Only these events (comma-separated ids, at most 200), e.g. those of a user's stands. */
  ids?: string;
  /** `distance` (needs lat/lng): nearest first, each item with distanceKm; start time otherwise. */
  sort?: TEventListSort;
}

export function useEvents(params: EventListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...callQueryOptions(LIST_EVENTS, { query: params }), ...options });
}

/** The lists a market appears in with what it says (the public list and its pages, the admin's): read again after a change. */
const EVENT_LIST_CALLS = [LIST_EVENTS, LIST_ADMIN_EVENTS];

export async function invalidateEventLists(queryClient: QueryClient): Promise<void> {
  await Promise.all(EVENT_LIST_CALLS.map((call) => queryClient.invalidateQueries({ queryKey: callQueryKey(call) })));
}

/** Every read of markets: after a change to many at once (a deleted user's), all of them are read again. */
const EVENT_READ_CALLS = [GET_EVENT, LIST_EVENTS, GET_EVENT_VIEWPORT, LIST_MY_EVENTS, LIST_ADMIN_EVENTS];

export async function invalidateEveryEventRead(queryClient: QueryClient): Promise<void> {
  await Promise.all(EVENT_READ_CALLS.map((call) => queryClient.invalidateQueries({ queryKey: callQueryKey(call) })));
}
