import { LIST_DRAFT_STANDS, type DRAFT_LIST_STATUSES } from '@flohmarkt/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

/** A status the organiser's review list can show (withdrawn stands have left it). */
export type TDraftListStatus = (typeof DRAFT_LIST_STATUSES)[number];

/** Every list of the event's registrations shares this prefix, so one invalidation reloads them all. */
export const draftStandsQueryKey = (eventId: string) => callQueryKey(LIST_DRAFT_STANDS, { params: { id: eventId } });

/** The query of one list's key: its statuses comma-separated, sorted so that one filter is one entry. */
const statusQuery = (statuses: readonly TDraftListStatus[]) => ({ status: [...statuses].sort().join(',') });

/**
 * The registrations in these statuses, each with its possible duplicates. Requested only for the
 * organiser and admins (docs/product.md#permissions); without statuses nothing is asked. A new filter
 * keeps the list on screen until its answer is there (no spinner in between).
 */
export function useDraftStands(eventId: string, statuses: readonly TDraftListStatus[], enabled: boolean) {
  const params = { id: eventId };
  return useQuery({
    queryKey: callQueryKey(LIST_DRAFT_STANDS, { params, query: statusQuery(statuses) }),
    queryFn: ({ signal }) => callApi(LIST_DRAFT_STANDS, { params, query: { status: statuses.join(',') }, signal }),
    enabled: enabled && statuses.length > 0,
    placeholderData: keepPreviousData,
  });
}
