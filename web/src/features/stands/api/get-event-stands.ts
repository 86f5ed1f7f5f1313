import type { TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Approved stands; for the organiser and admins also the pending ones (docs/product.md#review-and-stand-states). */
export const eventStandsQueryKey = (eventId: string) => ['events', eventId, 'stands'] as const;

export function getEventStands(eventId: string, signal?: AbortSignal): Promise<TStand[]> {
  return api.get<TStand[]>(`/api/events/${encodeURIComponent(eventId)}/stands`, { signal });
}

export const eventStandsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventStandsQueryKey(eventId),
    queryFn: ({ signal }) => getEventStands(eventId, signal),
  });

export function useEventStands(eventId: string | undefined) {
  return useQuery({ ...eventStandsQueryOptions(eventId ?? ''), enabled: Boolean(eventId) });
}
