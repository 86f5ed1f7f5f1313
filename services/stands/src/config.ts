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
});
export type TStandsEnv = z.infer<typeof ZStandsEnv>;

export const STANDS_CONFIG = Symbol('STANDS_CONFIG');
