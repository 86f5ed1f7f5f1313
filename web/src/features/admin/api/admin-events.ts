import { LIST_ADMIN_EVENTS, type TEvent } from '@flohmarkt/contracts';
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { callApiPage, callQueryKey } from '@/lib/api-call';
import type { ListPage } from '@/lib/api-client';

/** Events read per "Weitere anzeigen" (the server answers at most 500 per call). */
export const ADMIN_EVENTS_PER_PAGE = 50;

export interface AdminEvents {
  /** Every event read so far, latest start first. */
  events: TEvent[];
  /** All events that match, as the server counted them (X-Total-Count). */
  total: number;
}

/** An event created or deleted between two page reads shifts the offsets: a row may arrive twice, it shows once. */
function merge(data: InfiniteData<ListPage<TEvent>, number>): AdminEvents {
  const byId = new Map<string, TEvent>();
  for (const event of data.pages.flatMap((page) => page.items)) if (!byId.has(event.id)) byId.set(event.id, event);
  return { events: [...byId.values()], total: data.pages[0]?.total ?? 0 };
}

/**
 * LIST_ADMIN_EVENTS (issue 30): the admin dashboard's events, latest start first, read page by page
 * on demand; `q` a part of name, place or contact e-mail (blank: all).
 */
export function useAdminEvents(q = '') {
  return useInfiniteQuery({
    // Under the call's key, which every change that reloads the event lists invalidates (invalidateEventLists); one entry per search.
    queryKey: [...callQueryKey(LIST_ADMIN_EVENTS), { q }],
    queryFn: ({ pageParam, signal }) =>
      callApiPage(LIST_ADMIN_EVENTS, { query: { q, limit: String(ADMIN_EVENTS_PER_PAGE), offset: String(pageParam) }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages): number | undefined => {
      const read = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length > 0 && read < last.total ? read : undefined;
    },
    select: merge,
    // While a new search loads, the last hits stay instead of a spinner.
    placeholderData: keepPreviousData,
  });
}
