import 'reflect-metadata';
import type { ServiceDatabase } from '@flohmarkt/server-kit';
import type { TStandsEnv } from './config.js';
import { CreateStandsAndReviews1763700200000 } from './migrations/1763700200000-CreateStandsAndReviews.js';
import { ReviewEntity } from './reviews/review.entity.js';
import { StandEntity } from './stands/stand.entity.js';

export const STANDS_ENTITIES = [StandEntity, ReviewEntity];
export const STANDS_MIGRATIONS = [CreateStandsAndReviews1763700200000];

export function standsDatabase(config: TStandsEnv): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: STANDS_ENTITIES, migrations: STANDS_MIGRATIONS };
}
