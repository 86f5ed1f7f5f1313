import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';

export const ZMediaEnv = ZServiceEnv.extend({
  PORT: env.port(8104),
  DATABASE_SCHEMA: z.string().default('media'),
});
export type TMediaEnv = z.infer<typeof ZMediaEnv>;

export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');
