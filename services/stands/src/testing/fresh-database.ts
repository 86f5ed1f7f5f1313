import { freshDatabase, type FreshDatabase, type FreshDatabaseOptions } from '@flohmarkt/server-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import { STANDS_ENTITIES, STANDS_MIGRATIONS } from '../database.js';

export type { FreshDatabase };

/** A new database with the stands schema migrated: integration specs never share data. */
export function freshStandsDatabase(options?: FreshDatabaseOptions): Promise<FreshDatabase> {
  return freshDatabase({ schema: 'stands', entities: STANDS_ENTITIES, migrations: STANDS_MIGRATIONS }, options);
}

/**
 * The spec file's own fresh database, the hooks every integration spec needs: created and handed
 * to `setUp` before the file's tests, dropped after them (after `tearDown`, e.g. closing the app on
 * it). Called at the top level of a spec, or of a describe.
 */
export function withFreshStandsDatabase(setUp: (fresh: FreshDatabase) => Promise<void> | void, tearDown?: () => Promise<unknown> | undefined): void {
  let fresh: FreshDatabase | undefined;
  beforeAll(async () => {
    fresh = await freshStandsDatabase();
    await setUp(fresh);
  });
  afterAll(async () => {
    await tearDown?.();
    await fresh?.drop();
  });
}
