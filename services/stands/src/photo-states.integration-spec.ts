import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { PHOTO_FAILURE_REASONS, ZStand, standPhotoPath, type TJobPayload } from '@flohmarkt/contracts';
import { PhotoStatesReadModel } from './read-models/photo-states.js';
import { UserNamesReadModel } from './read-models/user-names.js';
import { StandPresenter } from './stands/stand-presenter.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';

/*
 * The stands service's read model of photo states, fed by the media service's PhotoStateChanged.
 * Messages may come twice or out of order: every order must end in the state of the newest
 * message, and a removed photo stays removed. Stand reads list the states beside `photos`.
 */

type Message = TJobPayload<'PhotoStateChanged'>;

let ds: DataSource;
let photos: PhotoStatesReadModel;
let presenter: StandPresenter;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  photos = new PhotoStatesReadModel(ds);
  presenter = new StandPresenter(new UserNamesReadModel(ds), photos);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.photo_states, stands.stands');
});

function message(standId: string, photoId: string, state: Message['state'], version: number): Message {
  return { standId, photoId, path: standPhotoPath(standId, photoId), state, reason: state === 'failed' ? PHOTO_FAILURE_REASONS.unreadable : null, version };
}

/** What the copy holds after applying `messages` in the given order to a copy that knew nothing. */
async function after(messages: Message[]): Promise<unknown[]> {
  await ds.query('TRUNCATE stands.photo_states');
  for (const m of messages) await photos.apply(m);
  return ds.query('SELECT "photo_id", "stand_id", "path", "state", "reason" FROM stands.photo_states ORDER BY "photo_id"');
}

describe('PhotoStateChanged', () => {
  it('ends in the newest state whatever the order, and a repeated or older message changes nothing', async () => {
    const standId = randomUUID();
    const ok = randomUUID();
    const broken = randomUUID();
    const inOrder = [
      message(standId, ok, 'processing', 1),
      message(standId, broken, 'processing', 2),
      message(standId, ok, 'ready', 3),
      message(standId, broken, 'failed', 4),
    ];
    const expected = await after(inOrder);
    const newest = [
      { photo_id: ok, state: 'ready', reason: null },
      { photo_id: broken, state: 'failed', reason: PHOTO_FAILURE_REASONS.unreadable },
    ].sort((a, b) => a.photo_id.localeCompare(b.photo_id));
    expect(expected).toEqual(newest.map((row) => expect.objectContaining(row)));
    expect(await after([...inOrder].reverse())).toEqual(expected);
    expect(await after([...inOrder, ...inOrder])).toEqual(expected);
    expect(await after([inOrder[2], inOrder[0], inOrder[3], inOrder[1], inOrder[2]])).toEqual(expected);

    expect(await photos.apply(inOrder[2])).toBe(false);
    expect(await photos.apply(message(standId, ok, 'processing', 1))).toBe(false);
  });

  it('keeps a removed photo removed, whatever arrives before or after the removal', async () => {
    const standId = randomUUID();
    const photoId = randomUUID();
    const removed = [{ photo_id: photoId, stand_id: standId, path: standPhotoPath(standId, photoId), state: 'removed', reason: null }];
    expect(await after([message(standId, photoId, 'processing', 1), message(standId, photoId, 'removed', 2), message(standId, photoId, 'ready', 3)])).toEqual(
      removed,
    );
    // The removal overtook the upload's messages.
    expect(await after([message(standId, photoId, 'removed', 5), message(standId, photoId, 'processing', 1), message(standId, photoId, 'ready', 3)])).toEqual(
      removed,
    );
  });

  it('skips a malformed message instead of retrying it forever', async () => {
    expect(await photos.apply({ ...message(randomUUID(), randomUUID(), 'ready', 1), photoId: 'nicht-eine-id' })).toBe(false);
  });
});

describe('stand reads', () => {
  it('list every photo with its state in the order of photos; a photo not heard of yet is processing', async () => {
    const [ready, failed, unheard, removed] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const stand = await ds
      .getRepository(StandEntity)
      .save(ds.getRepository(StandEntity).create({ eventId: randomUUID(), exhibitorId: null, guestFirstName: 'Gerda', status: 'approved' }));
    const path = (photoId: string) => standPhotoPath(stand.id, photoId);
    stand.photos = [path(unheard), path(ready), path(failed), path(removed)];
    await ds.getRepository(StandEntity).save(stand);
    await photos.apply(message(stand.id, ready, 'processing', 1));
    await photos.apply(message(stand.id, ready, 'ready', 2));
    await photos.apply(message(stand.id, failed, 'failed', 3));
    await photos.apply(message(stand.id, removed, 'removed', 4));
    // Another stand's photo is not listed.
    await photos.apply(message(randomUUID(), randomUUID(), 'ready', 5));

    const read = await presenter.one(await ds.getRepository(StandEntity).findOneByOrFail({ id: stand.id }));
    expect(ZStand.parse(read)).toEqual(read);
    expect(read.photos).toEqual(stand.photos);
    expect(read.photoStates).toEqual([
      { path: path(unheard), state: 'processing' },
      { path: path(ready), state: 'ready' },
      { path: path(failed), state: 'failed', reason: PHOTO_FAILURE_REASONS.unreadable },
      // Still listed a moment after its removal was announced: it has nothing to show.
      { path: path(removed), state: 'processing' },
    ]);
  });
});
