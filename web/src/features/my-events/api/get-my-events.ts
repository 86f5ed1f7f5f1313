import type { TMyEvent } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/me/events: the markets the signed-in user organises, upcoming first, each with its counters. */
export const myEventsQueryKey = (userId: string) => ['events', 'mine', userId] as const;

export function getMyEvents(signal?: AbortSignal): Promise<TMyEvent[]> {
  return api.get<TMyEvent[]>('/api/me/events', { signal });
}

export const myEventsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myEventsQueryKey(userId),
    queryFn: ({ signal }) => getMyEvents(signal),
  });

export function useMyEvents(userId: string) {
  return useQuery(myEventsQueryOptions(userId));
}
