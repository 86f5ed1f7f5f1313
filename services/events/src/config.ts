import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';
import { GEOCODE_ENV } from './geocode/geocode.config.js';

export const ZEventsEnv = ZServiceEnv.extend({
  PORT: env.port(8102),
  DATABASE_SCHEMA: z.string().default('events'),
  PUBLIC_URL: env
    .url()
    .default('http://localhost:8080')
    .describe("The product's public origin: the event page a calendar entry links to and the host in its UID (calendar/)."),
  DATABASE_READ_URL: z
    .preprocess((v) => (v === '' ? undefined : v), env.postgresUrl().optional())
    .describe('A hot standby of `DATABASE_URL` for the public reads (read-database.ts); unset or empty: `DATABASE_URL`.'),
  ...GEOCODE_ENV,
});
export type TEventsEnv = z.infer<typeof ZEventsEnv>;

export const EVENTS_CONFIG = Symbol('EVENTS_CONFIG');
