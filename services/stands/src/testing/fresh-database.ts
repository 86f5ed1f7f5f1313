import { freshDatabase, type FreshDatabase, type FreshDatabaseOptions } from '@flohmarkt/server-kit/testing';
import { STANDS_ENTITIES, STANDS_MIGRATIONS } from '../database.js';

export type { FreshDatabase };

/** A new database with the stands schema migrated: integration specs never share data. */
export function freshStandsDatabase(options?: FreshDatabaseOptions): Promise<FreshDatabase> {
  return freshDatabase({ schema: 'stands', entities: STANDS_ENTITIES, migrations: STANDS_MIGRATIONS }, options);
}
