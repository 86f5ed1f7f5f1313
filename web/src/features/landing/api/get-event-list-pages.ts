import { LIMITS, LIST_EVENTS } from '@flohmarkt/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { EventListParams } from '@/features/events/api/get-events';
import { callApiPage, callQueryKey } from '@/lib/api-call';

/** The landing list's filters; the page size and the offsets are this module's. */
export type EventListFilters = Omit<EventListParams, 'limit' | 'offset'>;

const PAGE_SIZE = LIMITS.landingListPreview;

/**
 * The landing list, 5 at a time (docs/product.md#landing-page-and-search: 5 first), each page
 * LIST_EVENTS with limit and offset in the filters' order; X-Total-Count says how many match
 * in all, so the next page exists while fewer than that are loaded. Keyed under the call (so a
 * change that reloads the lists reloads it too), apart from the plain lists: its data are pages.
 */
export function useEventListPages(filters: EventListFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: [...callQueryKey(LIST_EVENTS), 'pages', filters],
    queryFn: ({ pageParam, signal }) => callApiPage(LIST_EVENTS, { query: { ...filters, limit: PAGE_SIZE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      // An empty page ends it too: the total may have shrunk while paging.
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    ...options,
  });
}
