import { afterAll, beforeAll, beforeEach } from 'vitest';
import { freshDatabase, type FreshDatabase, type FreshDatabaseOptions } from '@flohmarkt/server-kit/testing';
import { EVENTS_ENTITIES, EVENTS_MIGRATIONS } from '../database.js';

export type { FreshDatabase };

/** A new database with the events schema migrated: integration specs never share data. */
export function freshEventsDatabase(options?: FreshDatabaseOptions): Promise<FreshDatabase> {
  return freshDatabase({ schema: 'events', entities: EVENTS_ENTITIES, migrations: EVENTS_MIGRATIONS }, options);
}

/** What creating, editing and cancelling markets writes to. */
const MARKET_TABLES = ['events', 'team_invites', 'event_team', 'team_removals', 'outbox'];

/**
 * For a spec whose tests share one fresh database: made before them (`ready` then sets the spec up
 * on it), the market tables and `alsoEmptied` emptied before each test so that no test sees
 * another's rows, dropped after them all (vitest runs the spec's own afterAll hooks first).
 */
export function freshEventsDatabaseEmptiedPerTest(alsoEmptied: string[], ready: (fresh: FreshDatabase) => unknown): void {
  let fresh: FreshDatabase | undefined;
  beforeAll(async () => {
    fresh = await freshEventsDatabase();
    await ready(fresh);
  });
  afterAll(async () => {
    await fresh?.drop();
  });
  beforeEach(async () => {
    await fresh!.ds.query(`TRUNCATE ${[...MARKET_TABLES, ...alsoEmptied].map((table) => `events.${table}`).join(', ')}`);
  });
}
