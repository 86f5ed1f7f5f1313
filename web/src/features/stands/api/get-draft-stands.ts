import type { DRAFT_LIST_STATUSES, TDraftListStand } from '@flohmarkt/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A status the organiser's review list can show (withdrawn stands have left it). */
export type TDraftListStatus = (typeof DRAFT_LIST_STATUSES)[number];

/** Every list of the event's registrations shares this prefix, so one invalidation reloads them all. */
export const draftStandsQueryKey = (eventId: string) => ['events', eventId, 'draft-stands'] as const;

const listKey = (eventId: string, statuses: readonly TDraftListStatus[]) => [...draftStandsQueryKey(eventId), [...statuses].sort().join(',')] as const;

/** GET /api/events/{id}/draft-stands?status=…: the registrations in these statuses, each with its possible duplicates. */
export function getDraftStands(eventId: string, statuses: readonly TDraftListStatus[], signal?: AbortSignal): Promise<TDraftListStand[]> {
  const query = new URLSearchParams({ status: statuses.join(',') });
  return api.get<TDraftListStand[]>(`/api/events/${encodeURIComponent(eventId)}/draft-stands?${query.toString()}`, { signal });
}

export const draftStandsQueryOptions = (eventId: string, statuses: readonly TDraftListStatus[]) =>
  queryOptions({
    queryKey: listKey(eventId, statuses),
    queryFn: ({ signal }) => getDraftStands(eventId, statuses, signal),
  });

/**
 * Requested only for the organiser and admins (docs/product.md#permissions); without statuses nothing
 * is asked. A new filter keeps the list on screen until its answer is there (no spinner in between).
 */
export function useDraftStands(eventId: string, statuses: readonly TDraftListStatus[], enabled: boolean) {
  return useQuery({ ...draftStandsQueryOptions(eventId, statuses), enabled: enabled && statuses.length > 0, placeholderData: keepPreviousData });
}
