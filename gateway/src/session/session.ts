import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import { RedisStore } from 'connect-redis';
import { createClient } from 'redis';
import type { TGatewayEnv } from '../config.js';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** Sent back to the identity provider at sign-out, so its session ends too. */
    idToken?: string | null;
    /** Between /api/login and /api/callback only. */
    signIn?: { state: string; codeVerifier: string; returnTo: string };
  }
}

export type GatewayRedis = ReturnType<typeof createClient>;

/**
 * Sessions live in Redis, so any gateway replica serves any browser and a restart loses nothing.
 * Commands fail at once while Redis is away (no offline queue): the request gets a clean 503
 * instead of hanging.
 */
export async function connectRedis(config: TGatewayEnv): Promise<GatewayRedis> {
  const client = createClient({
    url: config.REDIS_URL,
    disableOfflineQueue: true,
    socket: { connectTimeout: 3000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 3000) },
  });
  client.on('error', () => undefined); // reconnects by itself; requests meanwhile get 503
  await client.connect();
  return client;
}

export const SESSION_COOKIE = 'flohmarkt.sid';

export function sessionMiddleware(config: TGatewayEnv, redis: GatewayRedis) {
  const idleSeconds = Math.round(config.SESSION_IDLE_DAYS * 24 * 3600);
  const store = new RedisStore({ client: redis, prefix: `${config.REDIS_PREFIX}sess:`, ttl: idleSeconds });
  return session({
    name: SESSION_COOKIE,
    store,
    secret: config.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    // Idle expiry: every request with a session pushes the end out again.
    rolling: true,
    proxy: config.TRUST_PROXY_HOPS > 0,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.PUBLIC_URL.startsWith('https:'),
      maxAge: idleSeconds * 1000,
      path: '/',
    },
  });
}

export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');

/** The session store failing (Redis away) is a 503, not an HTML 500 from Express. */
export function sessionOr503(middleware: ReturnType<typeof sessionMiddleware>, onUnavailable: (res: Response) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    void middleware(req, res, (err?: unknown) => (err ? onUnavailable(res) : next()));
  };
}
