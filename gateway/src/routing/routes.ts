import { PUBLIC_CALLS, callKey, type PublicCall, type TRateLimit } from '@flohmarkt/contracts';
import type { TServiceName } from '../config.js';

/**
 * What the gateway needs of a public call to route it and keep its policies: the declaration's
 * (libs/contracts/src/public-api/), for the calls a service answers.
 */
export type RouteSpec = Pick<
  PublicCall,
  'method' | 'path' | 'signIn' | 'cache' | 'upload' | 'errorField' | 'bodyIgnored' | 'endsSession' | 'secretInPath' | 'idempotent'
> & {
  service: TServiceName;
  /** The sign-in limit is the gateway's own login route's, never a forwarded call's. */
  rateLimit?: Exclude<TRateLimit, 'signIn'>;
};

const answeredByService = (call: PublicCall): call is PublicCall & RouteSpec => call.service !== 'gateway' && call.rateLimit !== 'signIn';

/** The declared calls a service answers (the gateway's own are its controllers'). */
const DECLARED: RouteSpec[] = PUBLIC_CALLS.filter(answeredByService);

// Not yet declared in libs/contracts (being moved there, issue 32): the same facts, written here.
const UNDECLARED: RouteSpec[] = [
  { method: 'GET', path: '/events', service: 'events', cache: 'shared' },
  { method: 'POST', path: '/events', service: 'events', idempotent: true, signIn: true },
  // Before '/events/:id', which would take 'viewport' for an id.
  { method: 'GET', path: '/events/viewport', service: 'events', cache: 'shared' },
  { method: 'GET', path: '/events/:id', service: 'events', cache: 'shared' },
  { method: 'PUT', path: '/events/:id', service: 'events', signIn: true },
  { method: 'DELETE', path: '/events/:id', service: 'events', signIn: true },
  { method: 'PATCH', path: '/events/:id/cancel', service: 'events', signIn: true },
  // Calendar and feeds (public: a calendar app subscribes without a session).
  { method: 'GET', path: '/events/:id/calendar.ics', service: 'events' },
  { method: 'GET', path: '/feeds/events.ics', service: 'events' },
  { method: 'GET', path: '/feeds/events.geojson', service: 'events' },
  { method: 'GET', path: '/geocode', service: 'events' },
  { method: 'GET', path: '/geocode/reverse', service: 'events' },

  { method: 'GET', path: '/events/:id/stands', service: 'stands' },
  { method: 'GET', path: '/events/:id/draft-stands', service: 'stands', signIn: true },
  // Stand numbers in one click: the organiser's or an admin's.
  { method: 'POST', path: '/events/:id/stand-numbers', service: 'stands', signIn: true },
  // The organiser's cockpit (issue 18): bulk review, stands entered on site, the counters.
  { method: 'PATCH', path: '/events/:id/stands/review', service: 'stands', signIn: true },
  { method: 'POST', path: '/events/:id/walk-up-stands', service: 'stands', idempotent: true, signIn: true },
  { method: 'GET', path: '/events/:id/stand-overview', service: 'stands', signIn: true },
  // The printed kit and the exports (public data, except the organiser's CSV).
  { method: 'GET', path: '/events/:id/poster.pdf', service: 'stands' },
  { method: 'GET', path: '/events/:id/stand-list.pdf', service: 'stands' },
  { method: 'GET', path: '/events/:id/stand-map.pdf', service: 'stands' },
  { method: 'GET', path: '/events/:id/stands.csv', service: 'stands', signIn: true },
  { method: 'GET', path: '/events/:id/stands.geojson', service: 'stands' },
  // "Meine Runde" (issue 19): public, JSON or GPX.
  { method: 'GET', path: '/events/:id/route', service: 'stands' },
  { method: 'POST', path: '/events/:id/guest-stands', service: 'stands', idempotent: true, rateLimit: 'guestRegistration' },
  // A guest's manage link: the 128-bit token is the credential, so no sign-in and no rate limit are needed.
  { method: 'GET', path: '/guest-stands/:token', service: 'stands', secretInPath: true },
  { method: 'DELETE', path: '/guest-stands/:token', service: 'stands', secretInPath: true },
  // The opt-out link of notification mails: the token is the credential (POST = RFC 8058 one-click).
  { method: 'GET', path: '/mail/unsubscribe/:token', service: 'stands', secretInPath: true },
  { method: 'POST', path: '/mail/unsubscribe/:token', service: 'stands', bodyIgnored: true, secretInPath: true },
  // A guest confirms their address with the link of the confirmation request: the token is the credential.
  { method: 'GET', path: '/mail/confirm/:token', service: 'stands', secretInPath: true },
  { method: 'GET', path: '/stands', service: 'stands' },
  { method: 'POST', path: '/stands', service: 'stands', idempotent: true, signIn: true },
  { method: 'GET', path: '/stands/user/:userId', service: 'stands' },
  { method: 'GET', path: '/stands/:id', service: 'stands' },
  { method: 'PUT', path: '/stands/:id', service: 'stands', signIn: true },
  { method: 'DELETE', path: '/stands/:id', service: 'stands', signIn: true },
  { method: 'PATCH', path: '/stands/:id/approve-draft', service: 'stands', idempotent: true, signIn: true },
  { method: 'PATCH', path: '/stands/:id/reject', service: 'stands', idempotent: true, signIn: true },
  // Live status on the event day (issue 19): owner, organiser or admin.
  { method: 'PATCH', path: '/stands/:id/live', service: 'stands', signIn: true },
  { method: 'GET', path: '/users/:id/stands', service: 'stands' },
  { method: 'GET', path: '/stands/:id/reviews', service: 'stands' },
  { method: 'POST', path: '/stands/:id/reviews', service: 'stands', signIn: true },
  { method: 'GET', path: '/reviews', service: 'stands' },
  { method: 'GET', path: '/admin/stand-stats', service: 'stands', signIn: true },

  { method: 'POST', path: '/stands/:id/photos', service: 'media', idempotent: true, signIn: true, upload: true, errorField: true, rateLimit: 'photoUpload' },
  { method: 'DELETE', path: '/stands/:id/photos', service: 'media', signIn: true, errorField: true },
  { method: 'GET', path: '/media/*', service: 'media' },

  { method: 'GET', path: '/users/:id', service: 'auth' },
  { method: 'PUT', path: '/users/:id', service: 'auth', signIn: true },
  { method: 'GET', path: '/exhibitor-profiles', service: 'auth' },
  { method: 'POST', path: '/exhibitor-profiles', service: 'auth', signIn: true },
  { method: 'PUT', path: '/exhibitor-profiles/:id', service: 'auth', signIn: true },
  { method: 'GET', path: '/exhibitors/:id', service: 'auth' },
  { method: 'GET', path: '/admin/users', service: 'auth', signIn: true },
  { method: 'DELETE', path: '/admin/users/:id', service: 'auth', signIn: true },
  { method: 'PATCH', path: '/admin/users/:id/role', service: 'auth', signIn: true },
  { method: 'GET', path: '/admin/events', service: 'events', signIn: true },
  // The session's own account: no id in the path, so nobody reaches anyone else's data.
  { method: 'GET', path: '/me/export', service: 'auth', signIn: true },
  { method: 'DELETE', path: '/me', service: 'auth', signIn: true, endsSession: true },
  // The Merkliste (issue 19): the session's own favourites; PUT and DELETE are idempotent.
  { method: 'GET', path: '/me/favourites', service: 'auth', signIn: true },
  { method: 'PUT', path: '/me/favourites/:kind/:id', service: 'auth', signIn: true },
  { method: 'DELETE', path: '/me/favourites/:kind/:id', service: 'auth', signIn: true },
  // "Meine Flohmärkte" (issue 30): the session's own markets with their counters.
  { method: 'GET', path: '/me/events', service: 'events', signIn: true },
];

const declaredKeys = new Set(DECLARED.map(callKey));

/**
 * Every public API call of the product and the service that owns it. Anything else under /api is
 * a 404. The service receives the same path without the `/api` prefix.
 */
export const ROUTES: RouteSpec[] = [...DECLARED, ...UNDECLARED.filter((route) => !declaredKeys.has(callKey(route)))];

interface CompiledRoute extends RouteSpec {
  pattern: RegExp;
}

function compile(route: RouteSpec): CompiledRoute {
  const source = route.path
    .split('/')
    .map((segment) => (segment === '*' ? '.+' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { ...route, pattern: new RegExp(`^${source}/?$`) };
}

/** A segment's rank when two paths could both match: a fixed word before a `:name`, a `:name` before the trailing `*`. */
const segmentRank = (segment: string): number => (segment === '*' ? 2 : segment.startsWith(':') ? 1 : 0);

/** Orders the more specific path first ('/events/viewport' before '/events/:id'), whatever the declarations' order. */
function moreSpecificFirst(a: RouteSpec, b: RouteSpec): number {
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const rank = segmentRank(left[i] as string) - segmentRank(right[i] as string);
    if (rank !== 0) return rank;
  }
  return right.length - left.length;
}

/** Per method, the routes in the order they are tried. */
const COMPILED = new Map<string, CompiledRoute[]>();
for (const route of [...ROUTES].sort(moreSpecificFirst)) COMPILED.set(route.method, [...(COMPILED.get(route.method) ?? []), compile(route)]);

/** The route for a method and a path below /api (e.g. '/events/1'), or null. */
export function matchRoute(method: string, path: string): RouteSpec | null {
  const candidates = COMPILED.get(method === 'HEAD' ? 'GET' : method);
  return candidates?.find((r) => r.pattern.test(path)) ?? null;
}
