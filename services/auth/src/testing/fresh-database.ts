import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate, type ServiceDatabase } from '@flohmarkt/server-kit';
import { AUTH_ENTITIES, AUTH_MIGRATIONS } from '../database.js';

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

/** A new PostgreSQL database with the auth schema migrated: integration specs never share data. */
export async function freshAuthDatabase(): Promise<FreshDatabase> {
  const name = `flohmarkt_it_${randomBytes(6).toString('hex')}`;
  const db: ServiceDatabase = { url: `${SERVER}/${name}`, schema: 'auth', entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS };
  await onServer(`CREATE DATABASE "${name}"`);
  await migrate(db);
  const ds = new DataSource(dataSourceOptions(db));
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
