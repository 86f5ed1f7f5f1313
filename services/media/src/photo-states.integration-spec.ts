import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, type TJobPayload } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { freshDatabase, type FreshDatabase } from '@flohmarkt/server-kit/testing';
import { MEDIA_ENTITIES, MEDIA_MIGRATIONS } from './database.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { standPhotoPath } from './photos/photo-keys.js';
import { announcePhotoState } from './photos/photo-state-announcement.js';

/*
 * The stands service's read model of photo states, as the media service announces it: in the
 * transaction of the state change (photos.integration-spec.ts follows each change through the
 * running service).
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
