import type { NextFunction, Request, Response } from 'express';
import session, { type SessionData } from 'express-session';
import { RedisStore } from 'connect-redis';
import { createClient } from 'redis';
import { SIGN_IN, SIGN_IN_CALLBACK, publicCallPath } from '@flohmarkt/contracts';
import type { TGatewayEnv } from '../config.js';
import { boundRedis, type GatewayRedis } from '../http/redis-deadline.js';
import { apiRouteOf } from '../routing/api-route-of.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request carried a session cookie that could not be read (Redis away): answered as signed out, never cached (sessionOr503). */
    sessionUnread?: boolean;
  }
}

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Epoch milliseconds of sign-in: the session ends SESSION_ABSOLUTE_DAYS after it, active or not. */
    signedInAt?: number;
    /** Between /api/login and /api/callback only. */
    signIn?: { state: string; codeVerifier: string; returnTo: string };
  }
}

/** Commands waiting in the client at most: beyond that a command fails at once (memory stays bounded). */
const REDIS_QUEUE_MAX = 5000;

/**
 * Sessions live in Redis, so any gateway replica serves any browser and a restart loses nothing.
 * Commands fail at once while Redis is away (no offline queue), and every command has a deadline of
 * REDIS_DEADLINE_MS while Redis is there but stalled (http/redis-deadline.ts): the request gets a
 * clean 503 (or, for an anonymous read, goes on without Redis) instead of hanging.
 */
export async function connectRedis(config: TGatewayEnv): Promise<GatewayRedis> {
  const client = createClient({
    url: config.REDIS_URL,
    disableOfflineQueue: true,
    commandsQueueMaxLength: REDIS_QUEUE_MAX,
    socket: { connectTimeout: 3000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 3000) },
  });
  client.on('error', () => undefined); // reconnects by itself; requests meanwhile get 503
  await client.connect();
  return boundRedis(client, config.REDIS_DEADLINE_MS);
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * `__Host-` on https: the browser then accepts the cookie only with Secure, Path=/ and no Domain,
 * so neither a sibling subdomain nor a plain-http page can plant or overwrite it.
 */
export function sessionCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? '__Host-flohmarkt.sid' : 'flohmarkt.sid';
}

/** The attributes the cookie is set with; clearing it needs the same ones (a `__Host-` cookie above all). */
export function sessionCookieAttributes(publicUrl: string): { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/' } {
  return { httpOnly: true, sameSite: 'lax', secure: isHttps(publicUrl), path: '/' };
}

/**
 * A signed-in session past its absolute lifetime, however active. A signed-in session without a
 * sign-in time has an unknown age, so it is over too (sign-in always sets one: this fails closed).
 */
export function isPastAbsoluteLifetime(session: Partial<SessionData>, absoluteMs: number, now = Date.now()): boolean {
  if (!session.userId) return false;
  return typeof session.signedInAt !== 'number' || now - session.signedInAt >= absoluteMs;
}

/**
 * Sessions with two ends: idle (every request pushes it out again) and absolute (counted from
 * sign-in). Redis forgets a session at whichever comes first; a session that is read past its
 * absolute end anyway (clock skew, a replica with another setting) is replaced by an empty one
 * here, so every route under it sees a signed-out browser.
 */
export function sessionMiddleware(config: TGatewayEnv, redis: GatewayRedis) {
  const idleSeconds = Math.round(config.SESSION_IDLE_DAYS * 24 * 3600);
  const absoluteMs = config.SESSION_ABSOLUTE_DAYS * DAY_MS;
  const store = new RedisStore({
    client: redis,
    prefix: `${config.REDIS_PREFIX}sess:`,
    ttl: (sess) => (typeof sess.signedInAt === 'number' ? Math.min(idleSeconds, Math.ceil((sess.signedInAt + absoluteMs - Date.now()) / 1000)) : idleSeconds),
  });
  const sessions = session({
    name: sessionCookieName(config.PUBLIC_URL),
    store,
    secret: config.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    // Idle expiry: every request with a session pushes the end out again.
    rolling: true,
    proxy: config.TRUST_PROXY_HOPS > 0,
    cookie: { ...sessionCookieAttributes(config.PUBLIC_URL), maxAge: idleSeconds * 1000 },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    void sessions(req, res, (err?: unknown) => {
      if (err || !req.session || !isPastAbsoluteLifetime(req.session, absoluteMs)) return next(err);
      req.session.regenerate((regenerateErr?: unknown) => next(regenerateErr));
    });
  };
}

function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');

/** The calls that start a session where there is none: sign-in keeps its state and verifier there. */
const SESSION_STARTING_PATHS = new Set([SIGN_IN, SIGN_IN_CALLBACK].map((call) => publicCallPath(call)));

/**
 * The session store failing (Redis away or stalled past REDIS_DEADLINE_MS) is a 503, not an HTML 500
 * from Express, with one exception: a public read (a GET of a route that needs no sign-in) is
 * answered as to a signed-out visitor, so the event pages keep working while Redis stalls. That
 * answer is marked `sessionUnread`: it goes out `private, no-store` with `Vary: Cookie` and is never
 * kept in the gateway's memory (forward.ts), so no cache, the browser's or the service worker's,
 * later gives the signed-out view to the signed-in user; and the web app's sign-in hint is left as
 * it is (session-hint.ts), so the browser does not believe it was signed out. Anything that needs
 * the session to be right (a write, a signed-in route, `/api/auth/user`, sign-in and sign-out) is 503.
 *
 * A request without the session cookie has no session to load, and unless it signs in none to start
 * (sessions are only saved once something is put in them): it skips the session machinery, which is a
 * good share of an anonymous public read's cost at the gateway (ADR 0009). `req.session` is then undefined.
 */
export function sessionOr503(
  middleware: ReturnType<typeof sessionMiddleware>,
  cookieName: string,
  onUnavailable: (req: Request, res: Response, err: unknown) => void,
) {
  const cookie = new RegExp(`(^|;\\s*)${cookieName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=`);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!cookie.test(req.headers.cookie ?? '') && !startsSession(req)) return next();
    void middleware(req, res, (err?: unknown) => {
      if (!err) return next();
      if (!isPublicRead(req)) return onUnavailable(req, res, err);
      req.sessionUnread = true;
      req.session = undefined as unknown as typeof req.session;
      next();
    });
  };
}

/** Whether the request is one of the sign-in's own (a page load of /api/login or /api/callback). */
export function startsSession(req: Request): boolean {
  return SESSION_STARTING_PATHS.has(req.target.path);
}

/** A read any signed-out visitor may make: one of the route table's (routes.ts) without sign-in. */
function isPublicRead(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!req.target.path.startsWith('/api/')) return false;
  const route = apiRouteOf(req, req.target.path.slice('/api'.length));
  return route !== null && !route.signIn;
}
