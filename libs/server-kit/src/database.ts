import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { CommitTracker } from './idempotency/commit-tracker.js';

export interface ServiceDatabase {
  url: string;
  /** The service's own PostgreSQL schema: no service reads another's. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** A schema name that is safe to put into a connection's startup options unquoted. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** Options for the service's DataSource. Schema changes only ever come from migrations. */
export function dataSourceOptions(db: ServiceDatabase): DataSourceOptions {
  if (!SCHEMA_NAME.test(db.schema)) throw new Error(`database schema "${db.schema}" must be a lower-case SQL identifier`);
  return {
    type: 'postgres',
    url: db.url,
    schema: db.schema,
    entities: db.entities,
    migrations: db.migrations,
    // A request's commits, for the idempotency interceptor: a write in the database is never run again by a retry.
    subscribers: [CommitTracker],
    migrationsTableName: 'migrations',
    synchronize: false,
    // gen_random_uuid() is built into PostgreSQL 13+: no extension to install, no superuser needed.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    migrationsRun: false,
    extra: {
      max: 10,
      connectionTimeoutMillis: 5000,
      // The services' reads are index lookups of a few milliseconds; a parallel plan costs more to
      // start (~9 ms here) than it could save. Set per connection, so no statement has to ask.
      // search_path: every connection sees its own service's schema first, so plain SQL and the
      // migrations name tables without it (`FROM "stands"`, never `FROM "<schema>"."stands"`).
      options: `-c max_parallel_workers_per_gather=0 -c search_path=${db.schema}`,
    },
  };
}

/**
 * Creates the schema if needed and applies pending migrations. Holds a PostgreSQL advisory lock
 * keyed by the schema, so that two replicas starting together never migrate at the same time.
 * Returns the names of the migrations it applied.
 */
export async function migrate(db: ServiceDatabase): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(db));
  await ds.initialize();
  const lock = ds.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`flohmarkt:migrate:${db.schema}`]);
    await lock.query(`CREATE SCHEMA IF NOT EXISTS "${db.schema}"`);
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`flohmarkt:migrate:${db.schema}`]).catch(() => undefined);
    await lock.release();
    await ds.destroy();
  }
}

/** True when the entities and the migrated schema disagree: a migration was never generated. */
export async function pendingSchemaChanges(db: ServiceDatabase): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(db));
  await ds.initialize();
  try {
    const sql = await ds.driver.createSchemaBuilder().log();
    return sql.upQueries.map((q) => q.query);
  } finally {
    await ds.destroy();
  }
}
