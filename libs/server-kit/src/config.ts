import { z } from 'zod';
import { LIMITS } from '@flohmarkt/contracts';
import { DEFAULT_SERVICE_KEEP_ALIVE_MS } from './keep-alive.js';

/** Thrown when the environment does not satisfy an app's configuration schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Validates the environment against an app's schema once, at boot. Every bad variable gets its own
 * line naming the variable, so an operator can fix all of them in one go.
 */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = issue.path.length ? env[String(issue.path[0])] : undefined;
    return `${name}: ${issue.message}${value === undefined ? ' (not set)' : ''}`;
  });
  throw new ConfigError(problems);
}

/** Same as parseConfig, but prints the problems and exits: what an app's main() wants. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

// What .env.example and the docs show where a secret goes: copied unchanged it would be a secret
// everybody knows (the check is at start, so a forgotten one never reaches a running system).
const PLACEHOLDER_SECRET = /^\s*(change[-_ ]?me|replace[-_ ]?me|your[-_ ]?secret)/i;

/** True for a value that is an obvious placeholder (change-me..., replace-me..., your-secret...). */
function isPlaceholderSecret(value: string): boolean {
  return PLACEHOLDER_SECRET.test(value);
}

/** Reusable environment field types. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  /** A whole number above 0: a limit, a window in seconds, a wait in milliseconds. */
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  url: () => z.string().url('must be a URL such as http://host:port'),
  postgresUrl: () => z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL such as postgres://user@127.0.0.1:5432/flohmarkt'),
  redisUrl: () => z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL such as redis://127.0.0.1:6379'),
  secret: () =>
    z
      .string()
      .min(16, 'must be at least 16 characters long')
      .refine((v) => !isPlaceholderSecret(v), 'is a placeholder (change-me...): generate a secret, e.g. with `openssl rand -hex 32`'),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'], { message: "must be 'true' or 'false'" })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  logLevel: () => z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** One or more base URLs of a service's replicas, comma-separated (used round-robin). */
  serviceUrls: () =>
    z
      .string()
      .min(1, 'must name at least one URL')
      .transform((v) =>
        v
          .split(',')
          .map((u) => u.trim().replace(/\/$/, ''))
          .filter(Boolean),
      )
      .refine((urls) => urls.length > 0 && urls.every((u) => /^https?:\/\/[^/]+/.test(u)), 'must be one or more http(s) URLs, comma-separated'),
};

/**
 * Variables every NestJS service shares. Each `.describe()` is the one description of its variable:
 * docs/settings.md is generated from it (`npm run docs:settings`), and a service that overrides a field
 * (its PORT, its DATABASE_SCHEMA) keeps this description.
 */
export const ZServiceEnv = z.object({
  PORT: env.port(0).describe('Port of the service.'),
  HOST: z.string().default('127.0.0.1').describe('Where the service listens.'),
  DATABASE_URL: env.postgresUrl().describe("The service's PostgreSQL."),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL identifier')
    .optional()
    .describe("The service's own schema in the database (its connections' search_path); default: the service's name."),
  INTERNAL_TOKEN: env
    .secret()
    .describe(
      "The services' secret between each other: opens the `/internal` routes (internal-auth.ts). Refused when shorter than 16 characters or a placeholder such as `change-me...` (generate one: `openssl rand -hex 32`).",
    ),
  GATEWAY_TOKEN: env
    .secret()
    .describe("The gateway's credential: opens the public routes and the gateway's own internal calls only. Same rules as `INTERNAL_TOKEN`."),
  PEER_TIMEOUT_MS: env.positiveInt(4000).describe("The longest wait for another service's answer (every internal call); then the caller gets a 503."),
  SERVICE_KEEP_ALIVE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    // The header timeout (1 s above it) must stay below Node's request timeout of 300 s.
    .max(290_000)
    .default(DEFAULT_SERVICE_KEEP_ALIVE_MS)
    .describe(
      'How long the service keeps an idle keep-alive connection (keep-alive.ts); its own calls to peers drop pooled sockets after half of it, and so does the gateway (same setting there).',
    ),
  REQUEST_DEADLINE_MS: env
    .positiveInt(4000)
    .describe(
      "How long a request is worth an answer here: the gateway's `SERVICE_TIMEOUT_MS`. A request still waiting in a queue or for another one's shared read (single flight) by then is 503 and never runs later.",
    ),
  REDIS_URL: env.redisUrl().default('redis://127.0.0.1:6379').describe('Queues of cross-context messages, background jobs (and, for media, photo jobs).'),
  REDIS_PREFIX: z.string().default('flohmarkt:').describe('Prefix of every Redis key and queue of the product.'),
  RUN_MIGRATIONS: env.bool(true).describe("Applies the service's database migrations at start."),
  LOG_LEVEL: env.logLevel().describe('Lowest level written to the log.'),
});
export type TServiceEnv = z.infer<typeof ZServiceEnv>;

/**
 * RETENTION_DAYS, one declaration for both apps that read it: the stands service erases and deletes
 * by it, and the gateway states it on /datenschutz (the same variable, so the page tells what is done).
 */
export const ZRetentionDays = z.coerce
  .number()
  .int()
  .min(1)
  .max(3650)
  .default(LIMITS.retentionDaysDefault)
  .describe(
    "Retention (stands' privacy/retention.ts): guests' personal data and exact positions are erased this many days after the event ends; rejected and withdrawn stands are deleted this many days after their last change. The gateway states it on /datenschutz; give both the same value.",
  );
