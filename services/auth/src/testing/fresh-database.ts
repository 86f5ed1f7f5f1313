import { freshDatabase, type FreshDatabase, type FreshDatabaseOptions } from '@flohmarkt/server-kit/testing';
import { AUTH_ENTITIES, AUTH_MIGRATIONS } from '../database.js';

export type { FreshDatabase };

/** A new database with the auth schema migrated: integration specs never share data. */
export function freshAuthDatabase(options?: FreshDatabaseOptions): Promise<FreshDatabase> {
  return freshDatabase({ schema: 'auth', entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS }, options);
}
