import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate, pendingSchemaChanges, type ServiceDatabase } from '@flohmarkt/server-kit';
import { MEDIA_ENTITIES, MEDIA_MIGRATIONS } from './database.js';
import { PhotoEntity } from './photos/photo.entity.js';

const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `flohmarkt_it_${randomBytes(6).toString('hex')}`;
const db: ServiceDatabase = { url: `${SERVER}/${dbName}`, schema: 'media', entities: MEDIA_ENTITIES, migrations: MEDIA_MIGRATIONS };

async function onServer(sql: string): Promise<void> {
  const admin = new DataSource({ type: 'postgres', url: `${SERVER}/postgres` });
  await admin.initialize();
  try {
    await admin.query(sql);
  } finally {
    await admin.destroy();
  }
}

describe('media database', () => {
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

  it('records a new photo as processing, with no served variant yet', async () => {
    const photos = ds.getRepository(PhotoEntity);
    const standId = randomUUID();
    const saved = await photos.save(photos.create({ standId, position: 0, originalKey: `stands/${standId}/p1/original` }));
    expect(await photos.findOneByOrFail({ id: saved.id })).toMatchObject({
      standId,
      position: 0,
      status: 'processing',
      servedKey: null,
      thumbKey: null,
      failureReason: null,
    });
  });

  it('applies nothing when migrated again', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('reverts the migrations and applies them again', async () => {
    for (let i = 0; i < MEDIA_MIGRATIONS.length; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await ds.query(`SELECT to_regclass('media.photos') AS p, to_regclass('media.outbox') AS o`)).toEqual([{ p: null, o: null }]);
    expect(await migrate(db)).toEqual(MEDIA_MIGRATIONS.map((m) => m.name));
    expect(await pendingSchemaChanges(db)).toEqual([]);
  });
});
