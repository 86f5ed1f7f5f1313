import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';

export const ZStandsEnv = ZServiceEnv.extend({
  PORT: env.port(8103),
  DATABASE_SCHEMA: z.string().default('stands'),
  /** Names of users the read model has not heard of yet, and whether such a user exists (read-models/user-names.ts). */
  AUTH_SERVICE_URL: env.serviceUrls(),
  /**
   * The event of a stand as it is now, for changes (organiser, registration switch, coordinates,
   * start); for reads only an event the read model has not heard of yet.
   */
  EVENTS_SERVICE_URL: env.serviceUrls(),
  /** The product's public origin: the links in mails (manage link, event page, opt-out). */
  PUBLIC_URL: env.url().default('http://localhost:8080'),
  /** The organiser's digest of new registrations: at most one mail per event in this many minutes. */
  DIGEST_WINDOW_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  /** How often the digests and the settled notices (below) that are due are looked for. */
  DIGEST_SWEEP_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /**
   * Decision and change mails wait this long after the last change and then tell the state at that
   * time; a change undone meanwhile sends nothing (notifications/settled-notices.ts).
   */
  MAIL_SETTLE_S: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(300),
  /** A market's people hear of a change of its date or place at most once in this many hours. */
  MAIL_CHANGE_INTERVAL_H: z.coerce.number().positive().max(168).default(6),
  /**
   * Map tiles for the printed stand map, as a template with {z}, {x} and {y}: the gateway's caching tile
   * proxy (unset: `${PUBLIC_URL}/tiles/{z}/{x}/{y}.png`; empty: no tiles, the plain frame). print/map-tiles.ts
   */
  TILE_URL: z.union([z.literal(''), z.string().regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a URL template with {z}, {x} and {y}')]).optional(),
  /** How long the stand map waits for all its tiles before it prints the plain frame instead. */
  PRINT_TILE_TIMEOUT_MS: z.coerce.number().int().positive().max(10_000).default(1500),
  /**
   * Retention (privacy/retention.ts): guests' personal data and exact positions are erased this many days
   * after the event ends; rejected and withdrawn stands are deleted this many days after their last change.
   */
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * "Meine Runde" (route/): an OSRM-compatible server for street distances (its `table` service), e.g.
   * `http://osrm:5000`; unset or empty: straight lines. A slow or failing server falls back to straight lines.
   */
  ROUTING_URL: z.union([z.literal(''), z.string().url()]).optional(),
  /** How long a route call waits for the routing server before it uses straight lines. */
  ROUTING_TIMEOUT_MS: z.coerce.number().int().positive().max(10_000).default(1500),
  /** Route plans run on this many worker threads per process, off the event loop (route/route-worker-pool.ts). */
  ROUTE_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
  /** Route plans that may wait for a worker; one more answers 503 with Retry-After at once. */
  ROUTE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(8),
  /** Memory for kept route answers, PDFs, GeoJSON and CSV, per process (print/heavy-read-cache.ts). */
  HEAVY_READ_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /**
   * How often the stands whose street is not known yet are looked up (streets/street-lookups.ts), through
   * the events service's online geocoder; without one configured there, the overview shows grid cells.
   */
  STREET_LOOKUP_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** When the daily retention run starts (cron, Europe/Berlin). */
  RETENTION_CRON: z.string().default('30 3 * * *'),
});
export type TStandsEnv = z.infer<typeof ZStandsEnv>;

export const STANDS_CONFIG = Symbol('STANDS_CONFIG');
