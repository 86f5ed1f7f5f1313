import type { TServiceName } from '../config.js';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Public path under /api; `:name` matches one segment, a trailing `*` the rest. */
  path: string;
  service: TServiceName;
  /** 401 before anything else when signed out. */
  signIn?: boolean;
  /** Larger body limit and longer timeout (photo uploads). */
  upload?: boolean;
  /** Photo calls answer errors with `error` beside `message` (docs/product.md#calls-and-answers). */
  errorField?: boolean;
  rateLimit?: 'guestRegistration' | 'photoUpload';
  /**
   * The call takes no body, and whatever a client sends is read (within the limit) and dropped,
   * not parsed: a mail program's one-click opt-out posts the form `List-Unsubscribe=One-Click`.
   */
  bodyIgnored?: boolean;
  /**
   * A success ends the caller's session (the cookie cleared, the session gone from Redis): the
   * account it belonged to no longer exists (DELETE /api/me).
   */
  endsSession?: boolean;
  /** The path holds a secret token (the credential): every answer is `private, no-store` (http/private-answers.ts). */
  secretInPath?: boolean;
}

/**
 * Every public API call of the product and the service that owns it. Anything else under /api is
 * a 404. The service receives the same path without the `/api` prefix.
 */
export const ROUTES: RouteSpec[] = [
  { method: 'GET', path: '/events', service: 'events' },
  { method: 'POST', path: '/events', service: 'events', signIn: true },
  // Before '/events/:id', which would take 'viewport' for an id.
  { method: 'GET', path: '/events/viewport', service: 'events' },
  { method: 'GET', path: '/events/:id', service: 'events' },
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
  { method: 'POST', path: '/events/:id/walk-up-stands', service: 'stands', signIn: true },
  { method: 'GET', path: '/events/:id/stand-overview', service: 'stands', signIn: true },
  // The printed kit and the exports (public data, except the organiser's CSV).
  { method: 'GET', path: '/events/:id/poster.pdf', service: 'stands' },
  { method: 'GET', path: '/events/:id/stand-list.pdf', service: 'stands' },
  { method: 'GET', path: '/events/:id/stand-map.pdf', service: 'stands' },
  { method: 'GET', path: '/events/:id/stands.csv', service: 'stands', signIn: true },
  { method: 'GET', path: '/events/:id/stands.geojson', service: 'stands' },
  // "Meine Runde" (issue 19): public, JSON or GPX.
  { method: 'GET', path: '/events/:id/route', service: 'stands' },
  { method: 'POST', path: '/events/:id/guest-stands', service: 'stands', rateLimit: 'guestRegistration' },
  // A guest's manage link: the 128-bit token is the credential, so no sign-in and no rate limit are needed.
  { method: 'GET', path: '/guest-stands/:token', service: 'stands', secretInPath: true },
  { method: 'DELETE', path: '/guest-stands/:token', service: 'stands', secretInPath: true },
  // The opt-out link of notification mails: the token is the credential (POST = RFC 8058 one-click).
  { method: 'GET', path: '/mail/unsubscribe/:token', service: 'stands', secretInPath: true },
  { method: 'POST', path: '/mail/unsubscribe/:token', service: 'stands', bodyIgnored: true, secretInPath: true },
  // A guest confirms their address with the link of the confirmation request: the token is the credential.
  { method: 'GET', path: '/mail/confirm/:token', service: 'stands', secretInPath: true },
  { method: 'GET', path: '/stands', service: 'stands' },
  { method: 'POST', path: '/stands', service: 'stands', signIn: true },
  { method: 'GET', path: '/stands/user/:userId', service: 'stands' },
  { method: 'GET', path: '/stands/:id', service: 'stands' },
  { method: 'PUT', path: '/stands/:id', service: 'stands', signIn: true },
  { method: 'DELETE', path: '/stands/:id', service: 'stands', signIn: true },
  { method: 'PATCH', path: '/stands/:id/approve-draft', service: 'stands', signIn: true },
  { method: 'PATCH', path: '/stands/:id/reject', service: 'stands', signIn: true },
  // Live status on the event day (issue 19): owner, organiser or admin.
  { method: 'PATCH', path: '/stands/:id/live', service: 'stands', signIn: true },
  { method: 'GET', path: '/users/:id/stands', service: 'stands' },
  { method: 'GET', path: '/stands/:id/reviews', service: 'stands' },
  { method: 'POST', path: '/stands/:id/reviews', service: 'stands', signIn: true },
  { method: 'GET', path: '/reviews', service: 'stands' },
  { method: 'GET', path: '/admin/stand-stats', service: 'stands', signIn: true },

  { method: 'POST', path: '/stands/:id/photos', service: 'media', signIn: true, upload: true, errorField: true, rateLimit: 'photoUpload' },
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

const COMPILED = ROUTES.map(compile);

/** The route for a method and a path below /api (e.g. '/events/1'), or null. */
export function matchRoute(method: string, path: string): RouteSpec | null {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return COMPILED.find((r) => r.method === wanted && r.pattern.test(path)) ?? null;
}
