import { z } from 'zod';
import { ZRetentionDays, ZServiceEnv, env } from '@flohmarkt/server-kit';
import { ABUSE_LIMITS } from '@flohmarkt/contracts';
import { refuseDevLoginInProduction } from './dev-login-guard.js';
import { refuseDevMailInProduction } from './http/dev-mail-proxy.js';

export const ZGatewayEnv = z
  .object({
    NODE_ENV: z.string().default('development').describe('`production` refuses the development sign-in and mail proxies (`DEV_IDP_URL`, `DEV_MAIL_URL`).'),
    PORT: env.port(8080).describe('Port of the gateway: the web app and `/api`.'),
    HOST: z
      .string()
      .default('0.0.0.0')
      .describe('Where the gateway listens: all interfaces, for containers; `npm start` gives it 127.0.0.1 unless `HOST` is set.'),
    METRICS_PORT: env.port(9464).describe('Prometheus metrics (`/metrics`) on an internal port of their own, never through `PORT`.'),
    METRICS_HOST: z.string().default('0.0.0.0').describe('Where the metrics port listens.'),
    PUBLIC_URL: env
      .url()
      .default('http://localhost:8080')
      .transform((u) => u.replace(/\/$/, ''))
      .describe("The product's public origin; cookies, CSRF checks and sign-in redirects are derived from it."),
    REDIS_URL: env.redisUrl().default('redis://127.0.0.1:6379').describe('Sessions, rate limits, write budgets and the public-read cache.'),
    REDIS_PREFIX: z.string().default('flohmarkt:').describe('Prefix of every Redis key of the product.'),
    REDIS_DEADLINE_MS: env
      .positiveInt(1000)
      .describe(
        'The longest wait for any Redis command of a request (sessions, limits, budgets, the public-read cache): then signed-in calls and writes are 503 with `Retry-After`, and anonymous reads go on without Redis (http/redis-deadline.ts).',
      ),
    SESSION_SECRET: env.secret().describe('Signs the session cookie; at least 16 characters, no placeholder (generate one: `openssl rand -hex 32`).'),
    SESSION_IDLE_DAYS: z.coerce.number().positive().default(7).describe('A session ends after this many days without a request.'),
    SESSION_ABSOLUTE_DAYS: z.coerce
      .number()
      .positive()
      .default(30)
      .describe('A session ends this long after sign-in however active it is (fractions allowed, for tests).'),
    GATEWAY_TOKEN: env
      .secret()
      .describe(
        "The gateway's own credential towards the services; it opens their public routes only (the gateway never gets `INTERNAL_TOKEN`). At least 16 characters, no placeholder.",
      ),
    AUTH_SERVICE_URL: env.serviceUrls().describe('The auth service; several comma-separated URLs are used round-robin.'),
    EVENTS_SERVICE_URL: env.serviceUrls().describe('The events service; several comma-separated URLs are used round-robin.'),
    STANDS_SERVICE_URL: env.serviceUrls().describe('The stands service; several comma-separated URLs are used round-robin.'),
    MEDIA_SERVICE_URL: env.serviceUrls().describe('The media service; several comma-separated URLs are used round-robin.'),
    DEV_IDP_URL: z
      .preprocess((v) => (v === '' ? undefined : v), env.url().optional())
      .describe('The development identity provider, proxied at `/oidc`; unset in production (refused with `NODE_ENV=production`, dev-login-guard.ts).'),
    ALLOW_DEV_LOGIN_IN_PRODUCTION_ANYONE_CAN_SIGN_IN_AS_ANYONE: env
      .bool(false)
      .describe('Lets `DEV_IDP_URL` through with `NODE_ENV=production` (dev-login-guard.ts).'),
    DEV_MAIL_URL: z
      .preprocess((v) => (v === '' ? undefined : v), env.url().optional())
      .describe("The development mail server's listing, proxied at `/dev/mail`; unset in production (refused there)."),
    SERVICE_TIMEOUT_MS: env.positiveInt(4000).describe('Per-call timeout to a service: a hung service becomes a 503 within this time.'),
    UPLOAD_TIMEOUT_MS: env.positiveInt(30000).describe('Per-call timeout of a photo upload to the media service.'),
    SERVICE_KEEP_ALIVE_MS: ZServiceEnv.shape.SERVICE_KEEP_ALIVE_MS.describe(
      "The services' idle keep-alive limit (the same variable there): the gateway drops its pooled sockets to them after half of it.",
    ),
    BODY_LIMIT_BYTES: env.positiveInt(1024 * 1024).describe('Largest request body (1 MiB).'),
    PHOTO_BODY_LIMIT_BYTES: env.positiveInt(15 * 1024 * 1024).describe('Largest photo upload (15 MiB).'),
    UPLOAD_CONCURRENCY: env.positiveInt(4).describe('Photo uploads whose bodies this process holds at once (the rest wait or are refused).'),
    UPLOAD_CONCURRENCY_PER_USER: env.positiveInt(2).describe('Photo uploads one user may have held at once.'),
    UPLOAD_CONCURRENCY_PER_ADDRESS: env.positiveInt(2).describe('Upload slots one client address may hold at once (IPv6 by /64); the next is 429.'),
    UPLOAD_BODY_TIMEOUT_MS: env
      .positiveInt(30000)
      .describe("An upload's body must be complete within this time after its slot was given, else 408 and the slot is free."),
    UPLOAD_QUEUE: z.coerce.number().int().min(0).default(32).describe('Uploads that may wait for a slot; one more is 503.'),
    UPLOAD_WAIT_MS: env.positiveInt(20000).describe('How long an upload may wait for a slot before a 503.'),
    GUEST_REGISTRATION_LIMIT: env.positiveInt(ABUSE_LIMITS.guestRegistrations.max).describe('Guest stand registrations per client address and window.'),
    GUEST_REGISTRATION_WINDOW_S: env
      .positiveInt(ABUSE_LIMITS.guestRegistrations.windowSeconds)
      .describe('The window of `GUEST_REGISTRATION_LIMIT`, in seconds.'),
    GUEST_REGISTRATION_DAILY_LIMIT: env
      .positiveInt(ABUSE_LIMITS.guestRegistrationsPerDay.max)
      .describe(
        'Guest stand registrations per client address and 24 h, besides `GUEST_REGISTRATION_LIMIT` (each may mail its address a request to confirm it).',
      ),
    SIGN_IN_LIMIT: env.positiveInt(ABUSE_LIMITS.signInStarts.max).describe('Sign-in starts per client address and window.'),
    SIGN_IN_WINDOW_S: env.positiveInt(ABUSE_LIMITS.signInStarts.windowSeconds).describe('The window of `SIGN_IN_LIMIT`, in seconds.'),
    TEAM_INVITE_LIMIT: env.positiveInt(ABUSE_LIMITS.teamInviteCodes.max).describe('Team invite codes looked up or accepted per client address and window.'),
    TEAM_INVITE_WINDOW_S: env.positiveInt(ABUSE_LIMITS.teamInviteCodes.windowSeconds).describe('The window of `TEAM_INVITE_LIMIT`, in seconds.'),
    PHOTO_UPLOAD_LIMIT: env.positiveInt(ABUSE_LIMITS.photoUploads.max).describe('Photo uploads per user and window.'),
    PHOTO_UPLOAD_WINDOW_S: env.positiveInt(ABUSE_LIMITS.photoUploads.windowSeconds).describe('The window of `PHOTO_UPLOAD_LIMIT`, in seconds.'),
    WRITE_BUDGET_MARKETS: env
      .positiveInt(10)
      .describe('Markets one signed-in user may create in any 24 hours (admins exempt; over a budget: 429 with `Retry-After`; http/write-budgets.ts).'),
    WRITE_BUDGET_STANDS: env.positiveInt(50).describe('Stands one signed-in user may register (POST /api/stands) in any 24 hours.'),
    WRITE_BUDGET_WALK_UP_STANDS: env.positiveInt(300).describe('Walk-up stands one signed-in user may enter per market in any 24 hours.'),
    WRITE_BUDGET_HOLDS: env
      .positiveInt(30)
      .describe('Holds one signed-in user may ask for (POST /api/items/{id}/holds) in any 24 hours: each asks a seller by mail.'),
    WRITE_BUDGET_OTHER_WRITES: env
      .positiveInt(2000)
      .describe(
        "Every other write (POST, PUT, PATCH, DELETE) through /api one signed-in user, or one guest with their stand's manage token, may make in any 24 hours.",
      ),
    TRUST_PROXY_HOPS: z.coerce
      .number()
      .int()
      .min(0)
      .default(0)
      .describe('Number of proxies in front of the gateway whose X-Forwarded-For is trusted (0: none).'),
    WEB_DIST_DIR: z.string().optional().describe('The built web app; unset or empty: the API only.'),
    TILE_UPSTREAM: z
      .string()
      .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a URL template with {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
      .describe("Upstream of the caching tile proxy at `/tiles/{z}/{x}/{y}.png` (OpenStreetMap's tile URL template)."),
    TILE_USER_AGENT: z
      .string()
      .default('Flohmarkt-Plattform/0.1 (Kachel-Proxy; Betreiber siehe Impressum)')
      .describe("The tile proxy's User-Agent towards the upstream (OpenStreetMap's tile policy asks for one that names the application)."),
    TILE_CACHE_DIR: z
      .string()
      .default('/tmp/flohmarkt-tiles')
      .describe('Where the tile proxy keeps tiles on disk (`.data/tiles` in the embedded default; one per replica).'),
    TILE_CACHE_DAYS: z.coerce.number().positive().default(7).describe('How long a kept tile is served before it is fetched again.'),
    TILE_TIMEOUT_MS: env.positiveInt(3000).describe('How long a tile request to the upstream may take.'),
    TILE_CACHE_MAX_MB: z.coerce.number().positive().default(512).describe('The tiles on disk stay below this size; the least recently used are removed first.'),
    TILE_REQUEST_LIMIT: env.positiveInt(600).describe('Tile requests per client address and window, counted in Redis (a map view asks for 20-40 tiles).'),
    TILE_REQUEST_WINDOW_S: env.positiveInt(60).describe('The window of `TILE_REQUEST_LIMIT`, in seconds.'),
    ROUTE_LIMIT_ANONYMOUS: env
      .positiveInt(30)
      .describe(
        'Route plans (GET /api/events/{id}/route) per client address and window when signed out, counted in Redis; then 429 with `Retry-After` (http/route-call-limit.ts).',
      ),
    ROUTE_LIMIT_SIGNED_IN: env.positiveInt(60).describe('Route plans per user and window when signed in.'),
    ROUTE_LIMIT_WINDOW_S: env.positiveInt(60).describe('The window of the route limits, in seconds.'),
    FEEDBACK_URL: z.string().default('mailto:feedback@flohmarkt.example').describe('The external feedback page linked in the menu and footer.'),
    RETENTION_DAYS: ZRetentionDays,
    OPERATOR_NAME: z.string().default('').describe("The operator's name on /impressum and /datenschutz (Impressum: § 5 DDG); empty: not stated."),
    OPERATOR_ADDRESS: z.string().default('').describe("The operator's address on /impressum, lines separated by `;`."),
    OPERATOR_EMAIL: z.string().default('').describe("The operator's e-mail on /impressum."),
    OPERATOR_PHONE: z.string().default('').describe("The operator's phone number on /impressum."),
    OPERATOR_REPRESENTATIVE: z.string().default('').describe('Who represents the operator, on /impressum.'),
    OPERATOR_REGISTER: z.string().default('').describe("The operator's register entry, on /impressum."),
    OPERATOR_VAT_ID: z.string().default('').describe("The operator's VAT id, on /impressum."),
    PRIVACY_EMAIL: z.string().default('').describe('The contact for privacy requests on /datenschutz.'),
    LOG_LEVEL: env.logLevel().describe('Lowest level written to the log.'),
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
