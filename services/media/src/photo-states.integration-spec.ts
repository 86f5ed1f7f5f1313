import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_FAILURE_REASONS, QUEUES, type TJobPayload } from '@flohmarkt/contracts';
import { JsonLogger, OutboxMessageEntity, OutboxRelay, bullConnection, bullPrefix, migrate } from '@flohmarkt/server-kit';
import { migrateBefore } from '@flohmarkt/server-kit/testing';
import { freshDatabase, type FreshDatabase } from '@flohmarkt/server-kit/testing';
import { MEDIA_ENTITIES, MEDIA_MIGRATIONS } from './database.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { standPhotoPath } from './photos/photo-keys.js';
import { announcePhotoState } from './photos/photo-state-announcement.js';

/*
 * The stands service's read model of photo states, as the media service announces it: in the
 * transaction of the state change (photos.integration-spec.ts follows each change through the
 * running service), and for every photo of an existing database by the migration.
 */

type Announced = TJobPayload<'PhotoStateChanged'>;
const definition = { schema: 'media', entities: MEDIA_ENTITIES, migrations: MEDIA_MIGRATIONS };

async function announced(fresh: FreshDatabase): Promise<Announced[]> {
  const rows = await fresh.ds.getRepository(OutboxMessageEntity).find({ where: { name: 'PhotoStateChanged' } });
  expect(rows.every((r) => r.queue === QUEUES.stands)).toBe(true);
  return rows.map((r) => r.payload as Announced).sort((a, b) => a.version - b.version);
}

describe('announcing a photo state', () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase(definition);
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('leaves with the change or not at all', async () => {
    const kept = { id: randomUUID(), standId: randomUUID() };
    const lost = { id: randomUUID(), standId: randomUUID() };
    const insert = (photo: typeof kept) => ({ ...photo, position: 0, originalKey: `stands/${photo.standId}/${photo.id}/original` });
    await fresh.ds.transaction(async (m) => {
      await m.getRepository(PhotoEntity).insert(insert(kept));
      await announcePhotoState(m, kept, 'processing');
    });
    await expect(
      fresh.ds.transaction(async (m) => {
        await m.getRepository(PhotoEntity).insert(insert(lost));
        await announcePhotoState(m, lost, 'processing');
        throw new Error('the change fails after its announcement');
      }),
    ).rejects.toThrow();
    expect((await announced(fresh)).map((a) => [a.photoId, a.path, a.state])).toEqual([[kept.id, standPhotoPath(kept.standId, kept.id), 'processing']]);
    expect(await fresh.ds.getRepository(PhotoEntity).countBy({ id: lost.id })).toBe(0);
  });
});

describe('backfill of an existing database (migration AnnouncePhotoStates)', () => {
  const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = bullPrefix(`photo-states-it-${randomBytes(4).toString('hex')}:`);
  const standsQueue = new Queue(QUEUES.stands, { connection, prefix });
  let old: FreshDatabase;

  afterAll(async () => {
    await standsQueue.obliterate({ force: true });
    await standsQueue.close();
    await connection.quit();
    await old?.drop();
  });

  it('announces the state of every existing photo, and the relay delivers them to the stands queue', async () => {
    old = await freshDatabase(definition, { migrated: false });
    // The database as the previous release left it: every migration before this one.
    await migrateBefore(old.db, MEDIA_MIGRATIONS, 'AnnouncePhotoStates1763700300010');
    const standId = randomUUID();
    const photo = (status: PhotoEntity['status'], failureReason: string | null = null) => ({
      id: randomUUID(),
      standId,
      position: 0,
      status,
      failureReason,
      originalKey: 'k',
    });
    const rows = [
      photo('processing'),
      photo('ready'),
      photo('failed', 'image does not decode: Premature end of input file'),
      photo('failed', 'job failed without finishing the photo'),
      photo('deleting'),
    ];
    await old.ds.getRepository(PhotoEntity).insert(rows);

    expect(await migrate(old.db)).toContain('AnnouncePhotoStates1763700300010');
    const backfilled = await announced(old);
    const byId = (a: { photoId: string }, b: { photoId: string }) => a.photoId.localeCompare(b.photoId);
    expect(backfilled.map(({ version: _, ...m }) => m).sort(byId)).toEqual(
      [
        { photoId: rows[0].id, state: 'processing', reason: null },
        { photoId: rows[1].id, state: 'ready', reason: null },
        { photoId: rows[2].id, state: 'failed', reason: PHOTO_FAILURE_REASONS.unreadable },
        { photoId: rows[3].id, state: 'failed', reason: PHOTO_FAILURE_REASONS.processingFailed },
        { photoId: rows[4].id, state: 'removed', reason: null },
      ]
        .map((m) => ({ ...m, standId, path: standPhotoPath(standId, m.photoId) }))
        .sort(byId),
    );

    const relay = new OutboxRelay({ dataSource: old.ds, connection, prefix, logger: new JsonLogger('photo-states-spec', 'error') });
    expect(await relay.relayBatch()).toBe(5);
    const jobs = await standsQueue.getJobs(['waiting']);
    expect(jobs.map((j) => [j.name, (j.data as Announced).photoId]).sort()).toEqual(rows.map((r) => ['PhotoStateChanged', r.id]).sort());

    // The next change of a backfilled photo comes after the backfill's version.
    await old.ds.transaction((m) => announcePhotoState(m, rows[0], 'ready'));
    const [next] = await announced(old);
    expect(next.version).toBeGreaterThan(Math.max(...backfilled.map((m) => m.version)));
  });
});
