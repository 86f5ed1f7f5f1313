import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { PHOTO_FAILURE_REASONS, standPhotoPath, type TJobPayload } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { PhotoStatesReadModel } from './read-models/photo-states.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';

/*
 * The stand's photo list as the stands service keeps it: a copy of the media service's list
 * (StandPhotosChanged), which messages delivered twice or out of order leave in the newest state,
 * and the edit (PUT) that shows a new order at once and asks media to follow (StandPhotosEdited).
 */

type List = TJobPayload<'StandPhotosChanged'>;
type Edit = TJobPayload<'StandPhotosEdited'>;

let ds: DataSource;
let photos: PhotoStatesReadModel;
let commands: StandCommands;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  photos = new PhotoStatesReadModel(ds);
  commands = new StandCommands(ds);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands, stands.photo_lists, stands.outbox');
});

async function newStand(): Promise<string> {
  const { identifiers } = await ds.getRepository(StandEntity).insert({ eventId: randomUUID(), exhibitorId: randomUUID(), status: 'approved' });
  return identifiers[0].id as string;
}

const copyOf = async (standId: string) => {
  const stand = await ds.getRepository(StandEntity).findOneByOrFail({ id: standId });
  return { photos: stand.photos, photoError: stand.photoError };
};

const edits = async (): Promise<Edit[]> =>
  (await ds.getRepository(OutboxMessageEntity).findBy({ name: 'StandPhotosEdited' }))
    .map((m) => m.payload as Edit)
    .sort((x, y) => x.editVersion - y.editVersion);

describe('StandPhotosChanged', () => {
  it('ends in the newest list whatever the order, and a repeated or older message changes nothing', async () => {
    const standId = await newStand();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()].map((id) => standPhotoPath(standId, id));
    const lists: List[] = [
      { standId, photos: [a], photoError: null, version: 1 },
      { standId, photos: [a, b], photoError: null, version: 2 },
      { standId, photos: [b], photoError: PHOTO_FAILURE_REASONS.unreadable, version: 3 },
      { standId, photos: [b, c], photoError: null, version: 4 },
      { standId, photos: [c, b], photoError: null, version: 5 },
    ];
    const newest = { photos: [c, b], photoError: null };
    const orders = [lists, [...lists].reverse(), [...lists, ...lists], [lists[2], lists[4], lists[0], lists[3], lists[1], lists[4]]];
    for (const order of orders) {
      await ds.query('TRUNCATE stands.photo_lists');
      await ds.query(`UPDATE stands.stands SET "photos" = '{}', "photo_error" = NULL`);
      for (const list of order) await photos.applyList(list);
      expect(await copyOf(standId)).toEqual(newest);
    }
    expect(await photos.applyList(lists[4])).toBe(false);
    expect(await photos.applyList(lists[1])).toBe(false);
    // A failure's reason stays with the list it came with.
    expect(await photos.applyList({ standId, photos: [c], photoError: PHOTO_FAILURE_REASONS.processingFailed, version: 6 })).toBe(true);
    expect(await copyOf(standId)).toEqual({ photos: [c], photoError: PHOTO_FAILURE_REASONS.processingFailed });
  });

  it('changes nothing for a stand that is gone, and skips a malformed message', async () => {
    const gone = randomUUID();
    expect(await photos.applyList({ standId: gone, photos: [standPhotoPath(gone, randomUUID())], photoError: null, version: 1 })).toBe(false);
    expect(await ds.query('SELECT * FROM stands.photo_lists')).toEqual([]);
    expect(await photos.applyList({ standId: 'kaputt', photos: [], photoError: null, version: 1 })).toBe(false);
  });
});

describe('an edit of the photo list (PUT)', () => {
  it('shows the new order at once, asks media to follow with a growing version, and sends nothing when the list stays', async () => {
    const standId = await newStand();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()].map((id) => standPhotoPath(standId, id));
    await photos.applyList({ standId, photos: [a, b, c], photoError: null, version: 7 });

    expect((await commands.update(standId, { photos: [c, a, b] })).photos).toEqual([c, a, b]);
    expect((await commands.update(standId, { photos: [c, b] })).photos).toEqual([c, b]);
    expect((await commands.update(standId, { photos: [c, b] })).photos).toEqual([c, b]);
    await commands.update(standId, { description: 'Nur der Text ändert sich.' });
    expect(await edits()).toEqual([
      { standId, photos: [c, a, b], removed: [], editVersion: 1 },
      { standId, photos: [c, b], removed: [a], editVersion: 2 },
    ]);

    // A list media announced before it followed the edit shows for a moment; media's answer to the edit wins.
    await photos.applyList({ standId, photos: [a, b, c], photoError: null, version: 8 });
    expect((await copyOf(standId)).photos).toEqual([a, b, c]);
    await photos.applyList({ standId, photos: [c, b], photoError: null, version: 9 });
    expect((await copyOf(standId)).photos).toEqual([c, b]);
    // The media version and the edit version are counted apart.
    expect(await ds.query('SELECT "version", "edit_version" FROM stands.photo_lists WHERE "stand_id" = $1', [standId])).toEqual([
      { version: '9', edit_version: '2' },
    ]);
  });
});
