import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';

export const ZStandsEnv = ZServiceEnv.extend({
  PORT: env.port(8103),
  DATABASE_SCHEMA: z.string().default('stands'),
  /** Exhibitor names for stand reads (one bulk call per list). */
  AUTH_SERVICE_URL: env.serviceUrls(),
  /** The event of a stand: organiser, registration switch, coordinates, start. */
  EVENTS_SERVICE_URL: env.serviceUrls(),
  /** Longest wait for another service's answer before the caller gets a 503. */
  SERVICE_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),
});
export type TStandsEnv = z.infer<typeof ZStandsEnv>;

export const STANDS_CONFIG = Symbol('STANDS_CONFIG');
