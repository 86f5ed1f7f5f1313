import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { dataSourceOptions, migrate, type ServiceDatabase } from '../database.js';

/** The PostgreSQL server where integration specs create their databases (the machine's own). */
const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

async function onServer(sql: string): Promise<void> {
  const admin = new DataSource({ type: 'postgres', url: `${SERVER}/postgres` });
  await admin.initialize();
  try {
    await admin.query(sql);
  } finally {
    await admin.destroy();
  }
}

export interface FreshDatabase {
  db: ServiceDatabase;
  ds: DataSource;
  drop(): Promise<void>;
}

/**
 * A new PostgreSQL database with the service's schema migrated, so integration specs never share
 * data; drop() removes it. `migrated: false` leaves the schema empty (for migration specs).
 */
export interface FreshDatabaseOptions {
  migrated?: boolean;
  /** Extra DataSource settings for the spec's own connection (e.g. a query-counting logger). */
  dataSource?: Partial<DataSourceOptions>;
}

export async function freshDatabase(definition: Omit<ServiceDatabase, 'url'>, options: FreshDatabaseOptions = {}): Promise<FreshDatabase> {
  const name = `flohmarkt_it_${randomBytes(6).toString('hex')}`;
  const db: ServiceDatabase = { ...definition, url: `${SERVER}/${name}` };
  await onServer(`CREATE DATABASE "${name}"`);
  if (options.migrated !== false) await migrate(db);
  const ds = new DataSource({ ...dataSourceOptions(db), ...options.dataSource } as DataSourceOptions);
  await ds.initialize();
  return {
    db,
    ds,
    async drop() {
      if (ds.isInitialized) await ds.destroy();
      await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
