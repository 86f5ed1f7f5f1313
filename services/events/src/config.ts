import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';
import { GEOCODE_ENV } from './geocode/geocode.config.js';

export const ZEventsEnv = ZServiceEnv.extend({
  PORT: env.port(8102),
  DATABASE_SCHEMA: z.string().default('events'),
  /** The stands service answers the approved-stand counts every event list carries. */
  STANDS_SERVICE_URL: env.serviceUrls(),
  /**
   * Time limit of a call to another service. Below the gateway's own limit (4 s by default), so a
   * hung dependency becomes our clear 503 rather than the gateway cutting us off.
   */
  INTERNAL_CALL_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  ...GEOCODE_ENV,
});
export type TEventsEnv = z.infer<typeof ZEventsEnv>;

export const EVENTS_CONFIG = Symbol('EVENTS_CONFIG');
