import { z } from 'zod';
import { ZRetentionDays, ZServiceEnv, env } from '@flohmarkt/server-kit';

/** A whole number within its bounds: a typo must not stall a job or flood a queue. */
const wholeNumber = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
/** A wait for another server, in milliseconds: at most 10 s, then the fallback (plain frame, straight lines) takes over. */
const timeoutMs = (fallback: number) => z.coerce.number().int().positive().max(10_000).default(fallback);

export const ZStandsEnv = ZServiceEnv.extend({
  PORT: env.port(8103),
  DATABASE_SCHEMA: z.string().default('stands'),
  AUTH_SERVICE_URL: env
    .serviceUrls()
    .describe(
      'Names of users the read model has not heard of yet, and whether such a user exists (read-models/user-names.ts); several comma-separated URLs are used round-robin.',
    ),
  EVENTS_SERVICE_URL: env
    .serviceUrls()
    .describe(
      'The event of a stand as it is now, for changes (organiser, registration switch, coordinates, start); for reads only an event the read model has not heard of yet.',
    ),
  PUBLIC_URL: env.url().default('http://localhost:8080').describe("The product's public origin: the links in mails (manage link, event page, opt-out)."),
  DIGEST_WINDOW_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15)
    .describe("The organiser's digest of new registrations: at most one mail per event in this many minutes."),
  DIGEST_SWEEP_SECONDS: wholeNumber(1, 600, 20).describe('How often the digests and the settled notices that are due are looked for.'),
  COME_BACK_SWEEP_SECONDS: wholeNumber(1, 600, 30).describe('How often the follow and alert mails that are due are looked for (come-back/come-back-mails.ts).'),
  COME_BACK_GATHER_S: wholeNumber(0, 3600, 120).describe(
    "A follow's or alert's first news waits this long before its mail goes, so what else matched meanwhile is in the same mail (issue 34: the first within 5 minutes).",
  ),
  REMINDER_SWEEP_SECONDS: wholeNumber(1, 600, 30).describe(
    'How often the reminder mails of the evening before that are due are looked for (reminders/event-reminders.ts): a wish switched on after 18:00 the day before goes out within this.',
  ),
  MAIL_SETTLE_S: wholeNumber(0, 24 * 3600, 300).describe(
    'Decision and change mails wait this long after the last change and then tell the state at that time; a change undone meanwhile sends nothing (notifications/settled-notices.ts).',
  ),
  MAIL_CHANGE_INTERVAL_H: z.coerce
    .number()
    .positive()
    .max(168)
    .default(6)
    .describe("A market's people hear of a change of its date or place at most once in this many hours."),
  TILE_URL: z
    .union([z.literal(''), z.string().regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a URL template with {z}, {x} and {y}')])
    .optional()
    .describe(
      "Map tiles for the printed stand map, as a template with {z}, {x} and {y}: the gateway's caching tile proxy (unset: `${PUBLIC_URL}/tiles/{z}/{x}/{y}.png`; empty: no tiles, the plain frame; print/map-tiles.ts).",
    ),
  PRINT_TILE_TIMEOUT_MS: timeoutMs(1500).describe('How long the stand map waits for all its tiles before it prints the plain frame instead.'),
  RETENTION_DAYS: ZRetentionDays,
  ROUTING_URL: z
    .union([z.literal(''), z.string().url()])
    .optional()
    .describe(
      '"Meine Runde" (route/): an OSRM-compatible server for street distances and the way along the streets (its `table` and `route` services), e.g. `http://routing:5000` with the compose profile `routing`; unset or empty: straight lines. A slow or failing server falls back to straight lines.',
    ),
  ROUTING_TIMEOUT_MS: timeoutMs(1500).describe('How long a route call waits for the routing server before it uses straight lines.'),
  ROUTE_WORKERS: wholeNumber(1, 8, 1).describe('Route plans run on this many worker threads per process, off the event loop (route/route-worker-pool.ts).'),
  ROUTE_QUEUE_LIMIT: wholeNumber(0, 1000, 8).describe('Route plans that may wait for a worker; one more answers 503 with `Retry-After` at once.'),
  HEAVY_READ_CACHE_MB: wholeNumber(1, 4096, 64).describe(
    "Memory per process for kept route answers, PDFs, GeoJSON and CSV, each kept until its event's data changes (print/heavy-read-cache.ts).",
  ),
  STREET_LOOKUP_SECONDS: wholeNumber(1, 3600, 15).describe(
    "How often the stands whose street is not known yet are looked up (streets/street-lookups.ts), through the events service's online geocoder; without one configured there, the overview shows grid cells.",
  ),
  RETENTION_CRON: z.string().default('30 3 * * *').describe('When the daily retention run starts (cron, Europe/Berlin).'),
});
export type TStandsEnv = z.infer<typeof ZStandsEnv>;

export const STANDS_CONFIG = Symbol('STANDS_CONFIG');
