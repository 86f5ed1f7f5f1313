import type { TEvent, TEventListSort } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListPage } from '@/lib/api-client';

/** The search parameters of GET /api/events: the server filters, the client never downloads every event. */
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

export function eventListUrl(params: EventListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `/api/events?${query}` : '/api/events';
}

export function getEvents(params: EventListParams, signal?: AbortSignal): Promise<TEvent[]> {
  return api.get<TEvent[]>(eventListUrl(params), { signal });
}

/** One page of GET /api/events (in start order) and the number of all events its filters match. */
export function getEventPage(params: EventListParams, signal?: AbortSignal): Promise<ListPage<TEvent>> {
  return api.getPage<TEvent>(eventListUrl(params), { signal });
}

export const eventListQueryOptions = (params: EventListParams) =>
  queryOptions({
    queryKey: ['events', 'list', params],
    queryFn: ({ signal }) => getEvents(params, signal),
  });

export function useEvents(params: EventListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...eventListQueryOptions(params), ...options });
}
