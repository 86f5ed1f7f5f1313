import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, PHOTO_FAILURE_REASONS, QUEUES, type TJobPayload } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { freshDatabase, type FreshDatabase } from '@flohmarkt/server-kit/testing';
import { MEDIA_ENTITIES, MEDIA_MIGRATIONS } from './database.js';
import { standPhotoPath } from './photos/photo-keys.js';
import { StandPhotoList } from './photos/stand-photo-list.js';

/*
 * A stand's photo list as the media service owns it, against PostgreSQL: the 3-photo limit with
 * uploads racing, the edits of the stands service delivered twice or out of order, the failure's
 * reason, and the announcement of every change (StandPhotosChanged) in its transaction.
 */

type Announced = TJobPayload<'StandPhotosChanged'>;
const definition = { schema: 'media', entities: MEDIA_ENTITIES, migrations: MEDIA_MIGRATIONS };

let fresh: FreshDatabase;
let list: StandPhotoList;

beforeAll(async () => {
  fresh = await freshDatabase(definition);
  list = new StandPhotoList(fresh.ds);
});

afterAll(async () => {
  await fresh?.drop();
});

async function announced(standId: string): Promise<Announced[]> {
  const rows = await fresh.ds.getRepository(OutboxMessageEntity).find({ where: { name: 'StandPhotosChanged' } });
  expect(rows.every((r) => r.queue === QUEUES.stands)).toBe(true);
  return rows
    .map((r) => r.payload as Announced)
    .filter((m) => m.standId === standId)
    .sort((a, b) => a.version - b.version);
}

const photo = (standId: string) => {
  const id = randomUUID();
  return { id, standId, originalKey: `stands/${standId}/${id}/original` };
};

describe('the 3-photo limit', () => {
  it('lets exactly three of many parallel uploads in, and announces each list once, in order', async () => {
    const standId = randomUUID();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => list.add(photo(standId))));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT', message: API_ERRORS.tooManyPhotos });
    const lists = await announced(standId);
    expect(lists.map((l) => [l.photos.length, l.version])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(await list.current(standId)).toEqual(lists[2].photos);
  });
});

describe('a stand edit (StandPhotosEdited)', () => {
  it('ends in the same list whether its messages come in order, twice or the other way round', async () => {
    for (const order of [
      [1, 2],
      [2, 1],
      [1, 2, 2, 1],
    ]) {
      const standId = randomUUID();
      const [a, b, c] = [photo(standId), photo(standId), photo(standId)];
      for (const p of [a, b, c]) await list.add(p);
      const path = (p: { id: string }) => standPhotoPath(standId, p.id);
      const edits: Record<number, TJobPayload<'StandPhotosEdited'>> = {
        1: { standId, photos: [path(c), path(a), path(b)], removed: [], editVersion: 1 },
        2: { standId, photos: [path(b), path(c)], removed: [path(a)], editVersion: 2 },
      };
      const left: string[] = [];
      for (const n of order) left.push(...(await list.edit(standId, edits[n])));
      expect(new Set(left)).toEqual(new Set([a.id]));
      const now = await list.current(standId);
      expect(now).toEqual([path(b), path(c)]);
      expect((await announced(standId)).at(-1)?.photos).toEqual(now);
    }
  });

  it('keeps an upload the editor did not know of, after the photos the edit names', async () => {
    const standId = randomUUID();
    const [a, b] = [photo(standId), photo(standId)];
    await list.add(a);
    await list.add(b);
    const racing = photo(standId);
    await list.add(racing);
    await list.edit(standId, { photos: [standPhotoPath(standId, b.id), standPhotoPath(standId, a.id)], removed: [], editVersion: 1 });
    expect(await list.current(standId)).toEqual([b, a, racing].map((p) => standPhotoPath(standId, p.id)));
  });

  it("ignores another stand's photos and paths that are not media's", async () => {
    const standId = randomUUID();
    const other = randomUUID();
    const theirs = photo(other);
    await list.add(theirs);
    await list.add(photo(standId));
    expect(await list.edit(standId, { photos: [], removed: [standPhotoPath(other, theirs.id), 'https://example.org/alt.jpg'], editVersion: 1 })).toEqual([]);
    expect(await list.current(other)).toEqual([standPhotoPath(other, theirs.id)]);
  });
});

describe('a photo that fails for good', () => {
  it('leaves the list with its reason in the same announcement, and the next upload clears the reason', async () => {
    const standId = randomUUID();
    const broken = photo(standId);
    await list.add(broken);
    expect(await list.fail(broken, 'image does not decode', PHOTO_FAILURE_REASONS.unreadable)).toBe(true);
    // A repeat (a retried job, the sweep) changes and announces nothing.
    expect(await list.fail(broken, 'image does not decode', PHOTO_FAILURE_REASONS.unreadable)).toBe(false);
    const next = photo(standId);
    await list.add(next);
    expect((await announced(standId)).map((l) => [l.photos, l.photoError, l.version])).toEqual([
      [[standPhotoPath(standId, broken.id)], null, 1],
      [[], PHOTO_FAILURE_REASONS.unreadable, 2],
      [[standPhotoPath(standId, next.id)], null, 3],
    ]);
  });
});
