import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { eventQueryOptions } from '@/features/events/api/get-event';
import { eventStandsQueryOptions } from '@/features/stands/api/get-event-stands';
import { PAGE_PATTERNS, matchPage } from '@/lib/paths';
import { eventPage } from './routes';

/** How long the first render waits at most for the page's code and main read. */
export const FIRST_ROUTE_WAIT_MS = 300;

/** The event's id when `pathname` is an event page, decoded as the router hands it to the page. */
function eventIdOf(pathname: string): string | null {
  return matchPage(PAGE_PATTERNS.event, pathname)?.id ?? null;
}

/**
 * Before the app's first render: starts what the page at `pathname` shows first, so it paints in
 * one go instead of header and spinner first, then the page's code, then its data. On an event page
 * the server has already asked the browser for its reads, and for its code unless the HTML brought the
 * page's first paint (the Link header of web/build/route-hints.ts): these requests take the preloaded answers. Resolves once the page's code, its main read and the
 * viewer are there, or after `waitMs`, whichever comes first: a slow API never keeps the page blank longer.
 * Never rejects; whatever failed shows as the page would show it without this.
 */
export function loadFirstRoute(queryClient: QueryClient, pathname: string, waitMs = FIRST_ROUTE_WAIT_MS): Promise<void> {
  const id = eventIdOf(pathname);
  if (id === null) return Promise.resolve();
  const page = eventPage.preload();
  const event = queryClient.prefetchQuery(eventQueryOptions(id));
  // Who is looking decides the hero's buttons ('Ohne Konto anmelden' or 'Stand anmelden'): known at once
  // without the session hint, else one request. Painted before it was known, the buttons appeared a
  // moment later and pushed the page down (a layout shift Lighthouse counted).
  const viewer = queryClient.prefetchQuery(currentUserQueryOptions());
  // The stand list renders after the first paint anyway (EventPage defers it); its request starts now.
  void queryClient.prefetchQuery(eventStandsQueryOptions(id));
  const waited = new Promise<void>((resolve) => setTimeout(resolve, waitMs));
  return Promise.race([Promise.all([page, event, viewer]).then(() => undefined), waited]).catch(() => undefined);
}
