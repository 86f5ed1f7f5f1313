import { LIST_EVENT_STANDS, type TStand } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

/** Approved stands; for the organiser and admins also the pending ones (docs/product.md#review-and-stand-states). */
export const eventStandsQueryKey = (eventId: string) => callQueryKey(LIST_EVENT_STANDS, { params: { id: eventId } });

export function getEventStands(eventId: string, signal?: AbortSignal): Promise<TStand[]> {
  return callApi(LIST_EVENT_STANDS, { params: { id: eventId }, signal });
}

export const eventStandsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventStandsQueryKey(eventId),
    queryFn: ({ signal }) => getEventStands(eventId, signal),
  });

export function useEventStands(eventId: string | undefined) {
  return useQuery({ ...eventStandsQueryOptions(eventId ?? ''), enabled: Boolean(eventId) });
}
