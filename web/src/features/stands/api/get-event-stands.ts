import { LIST_EVENT_STANDS } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi, callQueryOptions } from '@/lib/api-call';

/** Approved stands; for the organiser and admins also the pending ones (docs/product.md#review-and-stand-states). */
export const eventStandsQueryOptions = (eventId: string) => callQueryOptions(LIST_EVENT_STANDS, { params: { id: eventId } });
export const eventStandsQueryKey = (eventId: string) => eventStandsQueryOptions(eventId).queryKey;
/** The same read outside a query (web/build/route-hints.spec.ts checks the event page's preload hint against it). */
export const getEventStands = (eventId: string, signal?: AbortSignal) => callApi(LIST_EVENT_STANDS, { params: { id: eventId }, signal });

export function useEventStands(eventId: string | undefined) {
  return useQuery({ ...eventStandsQueryOptions(eventId ?? ''), enabled: Boolean(eventId) });
}
