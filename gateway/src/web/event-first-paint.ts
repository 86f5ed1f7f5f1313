import { BRAND, formatDateTime } from '@flohmarkt/contracts';

/**
 * The event page's first paint, sent with the HTML (issue 22). The page's largest text, the event's
 * name in the hero, used to appear only once the app's code (80 kB, most of it React) and the event
 * had both arrived and React had rendered: on a phone with slow 4G Lighthouse put that at 2.3 s. The
 * gateway knows the event when it answers for /events/{id}, so it writes the site header and the
 * hero (date, name, place) into #root, with the page's stylesheets: the browser paints them right
 * after the HTML and the CSS, before any script. The app then renders the whole page in their place
 * (createRoot replaces what #root holds; the same classes put the same text at the same spot).
 *
 * Only what every visitor sees: no buttons, nothing that depends on who is signed in. When the event
 * is not found, not public or slow to answer, the page goes out as it always did.
 */

/** The fields of the public event read the hero shows. */
export interface EventHeadline {
  name: string;
  location: string;
  startDateTime: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
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
 * The markup for #root: the site header's brand (as web/src/components/layout/Header.tsx draws it,
 * without the sign-in button, which depends on the visitor) and the hero's date, name and place (as
 * web/src/app/pages/EventPage.tsx draws them). `logo` is the built logo's URL, if known.
 */
export function firstPaintMarkup(event: EventHeadline, logo: string | null): string {
  // The same function the app's hero uses, so the text does not change when the app takes over.
  const date = `${formatDateTime(event.startDateTime)} Uhr`;
  const logoImg = logo ? `<img width="40" height="40" alt="" class="brand__logo" src="${escapeHtml(logo)}">` : '';
  return (
    '<div class="app-shell"><header class="site-header"><div class="container site-header__inner">' +
    `<a class="brand" href="/">${logoImg}<span class="brand__text"><span class="brand__title">Flohmarkt</span>` +
    '<span class="brand__subtitle">Flohmärkte in deiner Nähe</span></span></a></div></header>' +
    '<main class="app-main"><article class="event-page"><header class="event-hero brand-gradient"><div class="container">' +
    `<p class="event-hero__date">${escapeHtml(date)}</p><h1 class="event-hero__title">${escapeHtml(event.name)}</h1>` +
    `<p class="event-hero__location">${escapeHtml(event.location)}</p>` +
    '</div></header></article></main></div>'
  );
}

/**
 * The brand gradient's colours, which the app sets on <html> only when its script starts
 * (web/src/main.tsx): without them the header and the hero of the first paint would be white text on
 * the page's light background. On :root, as the app's design tokens compute the gradient there.
 */
const BRAND_COLOURS = `<style>:root{--brand-from:${BRAND.gradientFrom};--brand-to:${BRAND.gradientTo}}</style>`;

/**
 * index.html with the first paint in #root and the page's stylesheets (the route's lazily loaded
 * CSS, which holds the hero's styles) in the head. Null when the page has no empty #root to fill.
 */
export function withFirstPaint(html: string, markup: string, stylesheets: readonly string[]): string | null {
  const root = '<div id="root"></div>';
  if (!html.includes(root) || !html.includes('</head>')) return null;
  const links = stylesheets
    .filter((href) => !html.includes(`href="${href}"`))
    // Without crossorigin, as the Link header preloads them; the app's loader finds them and adds none.
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('');
  return html.replace('</head>', `${BRAND_COLOURS}${links}</head>`).replace(root, `<div id="root">${markup}</div>`);
}

/** The part of the services' client this needs (@flohmarkt/server-kit's ServiceClient). */
interface JsonClient {
  json<T>(call: { method: string; path: string; requestId: string; caller?: null; timeoutMs: number }): Promise<{ status: number; body: T }>;
}

/**
 * Reads the event as a signed-out visitor would (the events service's public read, no caller): the
 * first paint shows nothing a visitor could not see. Any failure or other status: null.
 */
export function eventHeadlineFrom(events: JsonClient, timeoutMs: number) {
  return async (id: string, requestId: string): Promise<EventHeadline | null> => {
    try {
      const answer = await events.json<unknown>({ method: 'GET', path: `/events/${encodeURIComponent(id)}`, requestId, caller: null, timeoutMs });
      return answer.status === 200 ? headlineOf(answer.body) : null;
    } catch {
      return null;
    }
  };
}
