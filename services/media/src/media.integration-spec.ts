import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { migrate, pendingSchemaChanges, type ServiceDatabase } from '@flohmarkt/server-kit';
import { freshDatabase, type FreshDatabase } from '@flohmarkt/server-kit/testing';
import { MEDIA_ENTITIES, MEDIA_MIGRATIONS } from './database.js';
import { PhotoEntity } from './photos/photo.entity.js';

describe('media database', () => {
  let fresh: FreshDatabase;
  let db: ServiceDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    fresh = await freshDatabase({ schema: 'media', entities: MEDIA_ENTITIES, migrations: MEDIA_MIGRATIONS });
    ({ db, ds } = fresh);
  });

  afterAll(async () => {
    await fresh?.drop();
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
