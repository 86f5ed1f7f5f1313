import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';
import { ABUSE_LIMITS } from '@flohmarkt/contracts';
import { refuseDevLoginInProduction } from './dev-login-guard.js';
import { refuseDevMailInProduction } from './http/dev-mail-proxy.js';

export const ZGatewayEnv = z
  .object({
    NODE_ENV: z.string().default('development'),
    PORT: env.port(8080),
    HOST: z.string().default('0.0.0.0'),
    /** The product's public origin; cookies, CSRF checks and sign-in redirects are derived from it. */
    /** Prometheus metrics on an internal port of their own (never through PORT). */
    METRICS_PORT: env.port(9464),
    METRICS_HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: env
      .url()
      .default('http://localhost:8080')
      .transform((u) => u.replace(/\/$/, '')),
    REDIS_URL: env.redisUrl().default('redis://127.0.0.1:6379'),
    REDIS_PREFIX: z.string().default('flohmarkt:'),
    /**
     * The longest wait for any Redis command in a request (sessions, limits, budgets, the public-read
     * cache): without an answer a signed-in call or a write is 503, an anonymous read goes on without
     * Redis (http/redis-deadline.ts).
     */
    REDIS_DEADLINE_MS: z.coerce.number().int().positive().default(1000),
    SESSION_SECRET: env.secret(),
    SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
    /** A session ends this long after sign-in however active it is (fractions allowed, for tests). */
    SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
    /** The gateway's own credential towards the services; it opens their public routes only (never INTERNAL_TOKEN). */
    GATEWAY_TOKEN: env.secret(),
    AUTH_SERVICE_URL: env.serviceUrls(),
    EVENTS_SERVICE_URL: env.serviceUrls(),
    STANDS_SERVICE_URL: env.serviceUrls(),
    MEDIA_SERVICE_URL: env.serviceUrls(),
    /** The development identity provider, proxied at /oidc; unset in production. */
    DEV_IDP_URL: z.preprocess((v) => (v === '' ? undefined : v), env.url().optional()),
    /** Lets DEV_IDP_URL through with NODE_ENV=production (dev-login-guard.ts). */
    ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE: env.bool(false),
    /** The development mail server's listing, proxied at /dev/mail; unset in production (refused there). */
    DEV_MAIL_URL: z.preprocess((v) => (v === '' ? undefined : v), env.url().optional()),
    /** Per-call timeout to a service: a hung service becomes a 503 within this time. */
    SERVICE_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),
    UPLOAD_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
    /** The services' idle keep-alive limit: the gateway drops its pooled sockets to them after half of it. */
    SERVICE_KEEP_ALIVE_MS: ZServiceEnv.shape.SERVICE_KEEP_ALIVE_MS,
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    PHOTO_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 1024 * 1024),
    /** Photo uploads whose bodies this process holds at once, and per user (the rest wait or are refused). */
    UPLOAD_CONCURRENCY: z.coerce.number().int().positive().default(4),
    UPLOAD_CONCURRENCY_PER_USER: z.coerce.number().int().positive().default(2),
    /** Upload slots one client address may hold at once (IPv6 by /64); the next is 429. */
    UPLOAD_CONCURRENCY_PER_ADDRESS: z.coerce.number().int().positive().default(2),
    /** An upload's body must be complete within this time after its slot was given, else 408 and the slot is free. */
    UPLOAD_BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
    /** Uploads that may wait for a slot, and how long, before a 503. */
    UPLOAD_QUEUE: z.coerce.number().int().min(0).default(32),
    UPLOAD_WAIT_MS: z.coerce.number().int().positive().default(20000),
    GUEST_REGISTRATION_LIMIT: z.coerce.number().int().positive().default(ABUSE_LIMITS.guestRegistrations.max),
    GUEST_REGISTRATION_WINDOW_S: z.coerce.number().int().positive().default(ABUSE_LIMITS.guestRegistrations.windowSeconds),
    SIGN_IN_LIMIT: z.coerce.number().int().positive().default(ABUSE_LIMITS.signInStarts.max),
    SIGN_IN_WINDOW_S: z.coerce.number().int().positive().default(ABUSE_LIMITS.signInStarts.windowSeconds),
    PHOTO_UPLOAD_LIMIT: z.coerce.number().int().positive().default(ABUSE_LIMITS.photoUploads.max),
    PHOTO_UPLOAD_WINDOW_S: z.coerce.number().int().positive().default(ABUSE_LIMITS.photoUploads.windowSeconds),
    /** Budgets of one signed-in user in any 24 hours, admins exempt (http/write-budgets.ts): markets created, */
    WRITE_BUDGET_MARKETS: z.coerce.number().int().positive().default(10),
    /** stands registered (POST /api/stands), */
    WRITE_BUDGET_STANDS: z.coerce.number().int().positive().default(50),
    /** walk-up stands entered, per market, */
    WRITE_BUDGET_WALK_UP_STANDS: z.coerce.number().int().positive().default(300),
    /** and every other write (POST, PUT, PATCH, DELETE) through /api. */
    WRITE_BUDGET_OTHER_WRITES: z.coerce.number().int().positive().default(2000),
    /** Number of proxies in front of the gateway whose X-Forwarded-For is trusted (0: none). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
    /** The built web app; empty to serve the API only. */
    WEB_DIST_DIR: z.string().optional(),
    /** Upstream of the caching tile proxy at /tiles/{z}/{x}/{y}.png. */
    TILE_UPSTREAM: z
      .string()
      .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a URL template with {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    TILE_USER_AGENT: z.string().default('Flohmarkt-Plattform/0.1 (Kachel-Proxy; Betreiber siehe Impressum)'),
    TILE_CACHE_DIR: z.string().default('/tmp/flohmarkt-tiles'),
    TILE_CACHE_DAYS: z.coerce.number().positive().default(7),
    TILE_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** The tiles on disk stay below this size; the least recently used are removed first. */
    TILE_CACHE_MAX_MB: z.coerce.number().positive().default(512),
    /** Tile requests per client address and window (a map view asks for 20-40 tiles). */
    TILE_REQUEST_LIMIT: z.coerce.number().int().positive().default(600),
    TILE_REQUEST_WINDOW_S: z.coerce.number().int().positive().default(60),
    /** Route plans (GET /api/events/{id}/route) per window: per client address signed out, per user signed in (http/route-call-limit.ts). */
    ROUTE_LIMIT_ANONYMOUS: z.coerce.number().int().positive().default(30),
    ROUTE_LIMIT_SIGNED_IN: z.coerce.number().int().positive().default(60),
    ROUTE_LIMIT_WINDOW_S: z.coerce.number().int().positive().default(60),
    FEEDBACK_URL: z.string().default('mailto:feedback@flohmarkt.example'),
    /** The stands service's retention period (the same variable), stated on /datenschutz. */
    RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** The operator's details for the imprint and privacy pages (Impressum: § 5 DDG). */
    OPERATOR_NAME: z.string().default(''),
    /** Address lines separated by ';'. */
    OPERATOR_ADDRESS: z.string().default(''),
    OPERATOR_EMAIL: z.string().default(''),
    OPERATOR_PHONE: z.string().default(''),
    OPERATOR_REPRESENTATIVE: z.string().default(''),
    OPERATOR_REGISTER: z.string().default(''),
    OPERATOR_VAT_ID: z.string().default(''),
    PRIVACY_EMAIL: z.string().default(''),
    LOG_LEVEL: env.logLevel(),
  })
  .superRefine(refuseDevLoginInProduction)
  .superRefine(refuseDevMailInProduction);
export type TGatewayEnv = z.infer<typeof ZGatewayEnv>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const SERVICE_NAMES = ['auth', 'events', 'stands', 'media'] as const;
export type TServiceName = (typeof SERVICE_NAMES)[number];

export function serviceUrlsOf(config: TGatewayEnv): Record<TServiceName, string[]> {
  return {
    auth: config.AUTH_SERVICE_URL,
    events: config.EVENTS_SERVICE_URL,
    stands: config.STANDS_SERVICE_URL,
    media: config.MEDIA_SERVICE_URL,
  };
}
