import { freshDatabase, type FreshDatabase, type FreshDatabaseOptions } from '@flohmarkt/server-kit/testing';
import { EVENTS_ENTITIES, EVENTS_MIGRATIONS } from '../database.js';

export type { FreshDatabase };

/** A new database with the events schema migrated: integration specs never share data. */
export function freshEventsDatabase(options?: FreshDatabaseOptions): Promise<FreshDatabase> {
  return freshDatabase({ schema: 'events', entities: EVENTS_ENTITIES, migrations: EVENTS_MIGRATIONS }, options);
}
