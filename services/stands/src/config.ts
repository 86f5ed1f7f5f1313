import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';

export const ZStandsEnv = ZServiceEnv.extend({
  PORT: env.port(8103),
  DATABASE_SCHEMA: z.string().default('stands'),
});
export type TStandsEnv = z.infer<typeof ZStandsEnv>;

export const STANDS_CONFIG = Symbol('STANDS_CONFIG');
