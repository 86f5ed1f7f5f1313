import { GET_EVENT, formatDateTime, serviceCallPath } from '@flohmarkt/contracts';
import { escapeHtml } from '@flohmarkt/server-kit';
import { shellMarkup } from './first-paint-shell.js';

/**
 * The event page's first paint, sent with the HTML (issue 22; first-paint-shell.ts says why). The
 * gateway knows the event when it answers for /events/{id}, so it writes the hero (date, name,
 * place) into #root, with the page's stylesheets. When the event is not found, not public or slow to
 * answer, the page goes out as it always did.
 */

/** The fields of the public event read the hero shows. */
export interface EventHeadline {
  name: string;
  location: string;
  startDateTime: string;
}

/** The headline from a service answer, or null when it lacks a field or the date is not one. */
export function headlineOf(body: unknown): EventHeadline | null {
  if (typeof body !== 'object' || body === null) return null;
  const { name, location, startDateTime } = body as Record<string, unknown>;
  if (typeof name !== 'string' || typeof location !== 'string' || typeof startDateTime !== 'string') return null;
  if (Number.isNaN(new Date(startDateTime).getTime())) return null;
  return { name, location, startDateTime };
}

/**
 * The markup for #root: the site's frame (first-paint-shell.ts) and the hero's date, name and place
 * (as web/src/app/pages/EventPage.tsx draws them). `logo` is the built logo's URL, if known.
 */
export function firstPaintMarkup(event: EventHeadline, logo: string | null): string {
  // The same function the app's hero uses, so the text does not change when the app takes over.
  const date = `${formatDateTime(event.startDateTime)} Uhr`;
  return shellMarkup(
    logo,
    '<article class="event-page"><header class="event-hero brand-gradient"><div class="container">' +
      `<p class="event-hero__date">${escapeHtml(date)}</p><h1 class="event-hero__title">${escapeHtml(event.name)}</h1>` +
      `<p class="event-hero__location">${escapeHtml(event.location)}</p>` +
      '</div></header></article>',
  );
}

/** A public read as a signed-out visitor (routing/cached-public-read.ts): status and body. */
type PublicRead = (target: string, requestId: string) => Promise<{ status: number; body: Buffer }>;

/**
 * Reads the event as a signed-out visitor would (the events service's public read, no caller,
 * through the gateway's memory of such reads): the first paint shows nothing a visitor could not
 * see. Any failure, other status or body that is not an event: null.
 */
export function eventHeadlineFrom(read: PublicRead) {
  return async (id: string, requestId: string): Promise<EventHeadline | null> => {
    try {
      const answer = await read(serviceCallPath(GET_EVENT, { id }), requestId);
      return answer.status === 200 ? headlineOf(JSON.parse(answer.body.toString('utf8'))) : null;
    } catch {
      return null;
    }
  };
}
