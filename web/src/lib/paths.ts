/*
 * Every page of the web app, declared once: the pattern the router's table matches (app/routes.tsx)
 * and a typed builder for each link, navigation and redirect to it. A page's path is written here and
 * nowhere else; docs/product.md#screens-and-routes describes the pages.
 *
 * It lives in the shared layer (lib/), not in app/: components and features may import lib/ but never
 * app/ (module boundaries, eslint.config.js). Paths below /api (calls, sign-in, files) are the gateway's,
 * not pages, and are not here.
 */

/** The pages the router shows, as react-router patterns (`:name` stands for one whole path segment). */
export const PAGE_PATTERNS = {
  home: '/',
  event: '/events/:id',
  eventEdit: '/events/:id/edit',
  eventCopy: '/events/:id/copy',
  merkliste: '/events/:id/merkliste',
  sharedRoute: '/events/:id/runde',
  standRegistration: '/events/:eventId/register-stand',
  stand: '/stands/:id',
  standEdit: '/stands/:standId/edit',
  exhibitor: '/exhibitors/:id',
  user: '/users/:userId',
  impressum: '/impressum',
  privacy: '/datenschutz',
  standTips: '/legal-notice',
  // items of the stands at the markets near a place (issue 35)
  itemSearch: '/suche',
  // signed-in screens (issue 6)
  createEvent: '/create-event',
  profile: '/profile',
  myStands: '/my-stands',
  myEvents: '/my-events',
  settings: '/settings',
  admin: '/admin',
  // without sign-in, opened from links in mails (issue 17); the stands service writes these links itself
  guestStand: '/anmeldung/:token',
  mailOptOut: '/abmelden/:token',
  mailConfirm: '/e-mail-bestaetigen/:token',
  // where the gateway sends a browser whose sign-in it refused (issue 30)
  signInRefused: '/anmelden-nicht-moeglich',
  // free holds of items (issue 35): the seller's mail link (no sign-in; stands writes `/holds/{id}?token=`) and the visitor's list
  hold: '/holds/:id',
  myHolds: '/me/holds',
  // the market day (issue 36): the seller's "Bist du dabei?" mail link (no sign-in; stands writes `/dabei/{token}?antwort=ja|nein`),
  // a team invite's link (events writes `/team/{code}`), the organiser's team and the team's day
  confirmation: '/dabei/:token',
  teamInvite: '/team/:code',
  eventTeam: '/events/:id/team',
  marketDay: '/events/:id/markttag',
} as const;

/**
 * The framed pages of embed.html: the gateway serves them (and lets only these two be framed), the
 * embed's own script reads them (embed/embed-target.ts), the event page offers the snippet.
 */
export const EMBED_PATTERNS = {
  event: '/embed/events/:id',
  map: '/embed/map',
} as const;

/** The names of a pattern's `:name` segments, e.g. 'eventId' of '/events/:eventId/register-stand'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = Record<PathParamNames<P>, string>;

const PARAM = /:([A-Za-z]+)/g;

/** The path of a pattern with its parameters filled in, each encoded as one segment. */
export function pathOf<P extends string>(pattern: P, params: PathParams<P>): string {
  const values = params as Record<string, string>;
  return pattern.replace(PARAM, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/**
 * The parameters of `pathname` when it is a path of `pattern` (a trailing slash allowed), decoded as
 * the router hands them to a page; null when it is not, or a segment is not valid percent-encoding.
 */
export function matchPage<P extends string>(pattern: P, pathname: string): PathParams<P> | null {
  const expected = pattern.split('/');
  const actual = pathname.replace(/(.)\/$/, '$1').split('/');
  if (actual.length !== expected.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of expected.entries()) {
    const segment = actual[i] as string;
    if (!part.startsWith(':')) {
      if (part !== segment) return null;
      continue;
    }
    if (segment === '') return null;
    try {
      params[part.slice(1)] = decodeURIComponent(segment);
    } catch {
      return null;
    }
  }
  return params as PathParams<P>;
}

/** The part of an event page that lists the registrations waiting for review (the digest mail links here too). */
export const REVIEW_LIST_ANCHOR = 'anmeldungen';

function withQuery(path: string, query: URLSearchParams): string {
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** The query of the item search page (issue 35): what, where (the place's name and point), how far, which days. */
export const ITEM_SEARCH_PARAMS = { q: 'q', label: 'ort', lat: 'lat', lng: 'lng', radiusKm: 'umkreis', from: 'von', to: 'bis' } as const;

/** An item search link; what is left out (or empty) the page leaves for the visitor to fill in. */
export type ItemSearchLink = Partial<Record<keyof typeof ITEM_SEARCH_PARAMS, string | number>>;

function itemSearchQuery(link: ItemSearchLink): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, name] of Object.entries(ITEM_SEARCH_PARAMS)) {
    const value = link[key as keyof ItemSearchLink];
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  return query;
}

/** Links to the app's pages: `<Link to={paths.event(id)}>`, `navigate(paths.standEdit(id))`. */
export const paths = {
  home: (): string => PAGE_PATTERNS.home,
  event: (id: string): string => pathOf(PAGE_PATTERNS.event, { id }),
  /** The event page scrolled to the registrations waiting for review. */
  eventReviewList: (id: string): string => `${pathOf(PAGE_PATTERNS.event, { id })}#${REVIEW_LIST_ANCHOR}`,
  eventEdit: (id: string): string => pathOf(PAGE_PATTERNS.eventEdit, { id }),
  /** A new market made from this one: every field but the dates and stands (issue 34). */
  copyEvent: (id: string): string => pathOf(PAGE_PATTERNS.eventCopy, { id }),
  merkliste: (eventId: string): string => pathOf(PAGE_PATTERNS.merkliste, { id: eventId }),
  /** A shared round through an event's stands; its query (order, start, mode) is features/route's share link. */
  sharedRoute: (eventId: string, query: URLSearchParams): string => withQuery(pathOf(PAGE_PATTERNS.sharedRoute, { id: eventId }), query),
  standRegistration: (eventId: string): string => pathOf(PAGE_PATTERNS.standRegistration, { eventId }),
  stand: (id: string): string => pathOf(PAGE_PATTERNS.stand, { id }),
  standEdit: (standId: string): string => pathOf(PAGE_PATTERNS.standEdit, { standId }),
  exhibitor: (id: string): string => pathOf(PAGE_PATTERNS.exhibitor, { id }),
  user: (userId: string): string => pathOf(PAGE_PATTERNS.user, { userId }),
  impressum: (): string => PAGE_PATTERNS.impressum,
  privacy: (): string => PAGE_PATTERNS.privacy,
  standTips: (): string => PAGE_PATTERNS.standTips,
  /** The item search (issue 35), as far as the link knows it: `/suche?q=Kinderfahrrad&ort=Köln&lat=…&lng=…&umkreis=10`. */
  itemSearch: (link: ItemSearchLink = {}): string => withQuery(PAGE_PATTERNS.itemSearch, itemSearchQuery(link)),
  createEvent: (): string => PAGE_PATTERNS.createEvent,
  profile: (): string => PAGE_PATTERNS.profile,
  myStands: (): string => PAGE_PATTERNS.myStands,
  myEvents: (): string => PAGE_PATTERNS.myEvents,
  settings: (): string => PAGE_PATTERNS.settings,
  admin: (): string => PAGE_PATTERNS.admin,
  /** One hold (issue 35); with the token of the seller's mail, which decides without a sign-in. */
  hold: (id: string, token?: string): string => withQuery(pathOf(PAGE_PATTERNS.hold, { id }), new URLSearchParams(token ? { token } : {})),
  myHolds: (): string => PAGE_PATTERNS.myHolds,
  teamInvite: (code: string): string => pathOf(PAGE_PATTERNS.teamInvite, { code }),
  eventTeam: (eventId: string): string => pathOf(PAGE_PATTERNS.eventTeam, { id: eventId }),
  marketDay: (eventId: string): string => pathOf(PAGE_PATTERNS.marketDay, { id: eventId }),
  embedEvent: (eventId: string): string => pathOf(EMBED_PATTERNS.event, { id: eventId }),
};
