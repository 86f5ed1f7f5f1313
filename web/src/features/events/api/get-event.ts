import type { TEvent } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const eventQueryKey = (id: string) => ['events', id] as const;

export function getEvent(id: string, signal?: AbortSignal): Promise<TEvent> {
  return api.get<TEvent>(`/api/events/${encodeURIComponent(id)}`, { signal });
}

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventQueryKey(id),
    queryFn: ({ signal }) => getEvent(id, signal),
  });

export function useEvent(id: string | undefined) {
  return useQuery({ ...eventQueryOptions(id ?? ''), enabled: Boolean(id) });
}
