import type { TEvent } from '@flohmarkt/contracts';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { getEventPage } from '@/features/events/api/get-events';

/** Events read per "Weitere anzeigen" (the server answers at most 500 per call). */
export const ADMIN_EVENTS_PER_PAGE = 50;

/** Under ['events', 'list'], so every change that reloads the event lists reloads this one too. */
export const adminEventsQueryKey = ['events', 'list', 'admin', 'newest-first'] as const;

/** The newest events, or the events before this index of the server's start order. */
type PageEnd = 'newest' | number;

interface AdminEventPage {
  /** Newest start first. */
  events: TEvent[];
  /** All events, as the server counted them (X-Total-Count). */
  total: number;
  /** Where the page's oldest event stands in the server's start order: 0 is the oldest of all. */
  start: number;
}

export interface AdminEvents {
  /** Every event read so far, newest start first. */
  events: TEvent[];
  total: number;
}

/**
 * The server lists events oldest start first, the dashboard newest first: it reads the list from
 * its end. The first call tells the total (and is all there is for a small platform), the newest
 * page lies before it.
 */
async function fetchPage(end: PageEnd, signal: AbortSignal): Promise<AdminEventPage> {
  let before = end;
  if (before === 'newest') {
    const first = await getEventPage({ limit: ADMIN_EVENTS_PER_PAGE, offset: 0 }, signal);
    if (first.total <= ADMIN_EVENTS_PER_PAGE) return { events: [...first.items].reverse(), total: first.total, start: 0 };
    before = first.total;
  }
  const start = Math.max(0, before - ADMIN_EVENTS_PER_PAGE);
  const page = await getEventPage({ limit: before - start, offset: start }, signal);
  return { events: [...page.items].reverse(), total: page.total, start };
}

/** An event created or deleted between two page reads shifts the offsets: a row may arrive twice, it shows once. */
function merge(data: InfiniteData<AdminEventPage, PageEnd>): AdminEvents {
  const byId = new Map<string, TEvent>();
  for (const event of data.pages.flatMap((page) => page.events)) if (!byId.has(event.id)) byId.set(event.id, event);
  return { events: [...byId.values()], total: data.pages[0]?.total ?? 0 };
}

/** Every event for the admin dashboard, newest start first, read page by page on demand. */
export function useAdminEvents() {
  return useInfiniteQuery({
    queryKey: adminEventsQueryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 'newest' as PageEnd,
    getNextPageParam: (last): PageEnd | undefined => (last.start > 0 ? last.start : undefined),
    select: merge,
  });
}
