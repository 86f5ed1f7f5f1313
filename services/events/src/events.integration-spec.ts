import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate, pendingSchemaChanges, type ServiceDatabase } from '@flohmarkt/server-kit';
import { EVENTS_ENTITIES, EVENTS_MIGRATIONS } from './database.js';
import { EventEntity } from './events/event.entity.js';

const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `flohmarkt_it_${randomBytes(6).toString('hex')}`;
const db: ServiceDatabase = { url: `${SERVER}/${dbName}`, schema: 'events', entities: EVENTS_ENTITIES, migrations: EVENTS_MIGRATIONS };

async function onServer(sql: string): Promise<void> {
  const admin = new DataSource({ type: 'postgres', url: `${SERVER}/postgres` });
  await admin.initialize();
  try {
    await admin.query(sql);
  } finally {
    await admin.destroy();
  }
}

describe('events database', () => {
  let ds: DataSource;

  beforeAll(async () => {
    await onServer(`CREATE DATABASE "${dbName}"`);
    await migrate(db);
    ds = new DataSource(dataSourceOptions(db));
    await ds.initialize();
  });

  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    await onServer(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  });

  it('has a migration for every entity change', async () => {
    expect(await pendingSchemaChanges(db)).toEqual([]);
  });

  it('creates an event as planned, open for stand registration, with coordinates as decimal strings', async () => {
    const events = ds.getRepository(EventEntity);
    const saved = await events.save(
      events.create({
        name: 'Hofflohmarkt Südstadt',
        location: 'Südstadt, Köln',
        latitude: '50.92080000',
        longitude: '6.95740000',
        startDateTime: new Date('2031-05-10T08:00:00Z'),
        endDateTime: new Date('2031-05-10T14:00:00Z'),
        organizerId: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40',
      }),
    );
    const read = await events.findOneByOrFail({ id: saved.id });
    expect(read).toMatchObject({
      name: 'Hofflohmarkt Südstadt',
      status: 'planned',
      allowStandRegistration: true,
      latitude: '50.92080000',
      longitude: '6.95740000',
      description: null,
      websiteUrl: null,
    });
    expect(read.endDateTime.toISOString()).toBe('2031-05-10T14:00:00.000Z');
  });

  it('keeps an event without coordinates', async () => {
    const events = ds.getRepository(EventEntity);
    const saved = await events.save({
      name: 'Kinderflohmarkt',
      location: 'Gemeindehaus',
      startDateTime: new Date('2031-06-01T09:00:00Z'),
      endDateTime: new Date('2031-06-01T12:00:00Z'),
      organizerId: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40',
    });
    expect(await events.findOneByOrFail({ id: saved.id })).toMatchObject({ latitude: null, longitude: null });
  });

  it('applies nothing when migrated again', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('reverts the migration and applies it again', async () => {
    await ds.undoLastMigration({ transaction: 'each' });
    expect(await ds.query(`SELECT to_regclass('events.events') AS t`)).toEqual([{ t: null }]);
    expect(await migrate(db)).toEqual(['CreateEvents1763700100000']);
    expect(await pendingSchemaChanges(db)).toEqual([]);
  });
});
