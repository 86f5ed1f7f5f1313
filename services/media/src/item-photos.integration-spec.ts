import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_MESSAGES, MEDIA_ERRORS, QUEUES, VALIDATION, standPhotoThumbnailPath, type TJobPayload } from '@flohmarkt/contracts';
import { JsonLogger } from '@flohmarkt/server-kit';
import { PhotoEntity } from './photos/photo.entity.js';
import { photoPrefix, standPrefix } from './photos/photo-keys.js';
import { PhotoPurge } from './photos/photo-purge.js';
import { MediaStack, servedPath, type Asker } from './testing/media-stack.js';
import { cameraJpeg, dataUrl, heicHeader, tinyBlackPng } from './testing/test-images.js';

/*
 * An item's one photo (issue 35) through the built media service and worker, against a fresh
 * database, Redis under a prefix of its own, an S3-protocol server and the stands service's item
 * calls in memory (FakeStands: who may change the item, and the path the item names). Build first:
 * `npx tsc -p services/media/tsconfig.build.json`.
 */

const OWNER = randomUUID();
const STRANGER = randomUUID();

const media = new MediaStack();
const { stands, until, served, rowsOf, expectNothingStored } = media;
let smallJpeg: Buffer;

const call = (method: string, target: string, body?: unknown, caller: Asker = OWNER) => media.call(method, target, body, caller);
const upload = (itemId: string, bytes: Buffer, caller: Asker = OWNER, type = 'image/jpeg') =>
  call('POST', `/items/${itemId}/photo`, { photoData: dataUrl(bytes, type), fileName: 'angebot.jpg' }, caller);
const photoOf = async (res: Response) => ((await res.json()) as { photo: string }).photo;
const photoIdOf = (photoPath: string): string => photoPath.split('/').pop()!.replace('.jpg', '');
const look = (photoPath: string, caller: string | null = null) => call('GET', servedPath(photoPath), undefined, caller);

/** A stand the owner may edit, with one item. */
function newItem(): { standId: string; itemId: string } {
  const standId = randomUUID();
  const itemId = randomUUID();
  stands.add(standId, [OWNER]);
  stands.addItem(itemId, standId);
  return { standId, itemId };
}

/** What media has sent to the stands service about a stand (relayed from its outbox). */
async function announced(standId: string): Promise<{ name: string; data: TJobPayload<'PhotoStateChanged'> }[]> {
  const jobs = await media.standsQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs
    .filter((j) => (j.data as { standId?: string }).standId === standId)
    .map((j) => ({ name: j.name, data: j.data as TJobPayload<'PhotoStateChanged'> }))
    .sort((a, b) => a.data.version - b.data.version);
}

beforeAll(async () => {
  await media.start();
  smallJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa6633' } })
    .jpeg()
    .toBuffer();
}, 90_000);

afterAll(() => media.stop());

describe('an item photo', () => {
  it('answers its path below the stand, the item names it, and a visitor gets a JPEG of at most 1920x1080 and its thumbnail', async () => {
    const { standId, itemId } = newItem();
    const res = await upload(itemId, await cameraJpeg(4000, 3000));
    expect(res.status).toBe(200);
    const photo = await photoOf(res);
    expect(photo).toMatch(new RegExp(`^/api/media/stands/${standId}/items/${itemId}/[0-9a-f-]{36}\\.jpg$`));
    expect(stands.items.get(itemId)!.photo).toBe(photo);

    const full = await served(photo);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1440, 1080, undefined]);
    const thumb = await sharp(Buffer.from(await (await served(standPhotoThumbnailPath(photo))).arrayBuffer())).metadata();
    expect(thumb.width).toBe(400);

    // Not a stand photo: not under the stand's own path, on no stand list, and another item's path names nothing.
    expect((await look(`/api/media/stands/${standId}/${photoIdOf(photo)}.jpg`)).status).toBe(404);
    expect((await look(photo.replace(itemId, randomUUID()))).status).toBe(404);
    const messages = await until('ready announced', async () => {
      const all = await announced(standId);
      return all.some((m) => m.data.state === 'ready') && all;
    });
    expect(messages.map((m) => [m.name, m.data.path, m.data.state])).toEqual([
      ['PhotoStateChanged', photo, 'processing'],
      ['PhotoStateChanged', photo, 'ready'],
    ]);
  });

  it("of a stand that is not public is served only to the stand's editors, never cached", async () => {
    const { standId, itemId } = newItem();
    const photo = await photoOf(await upload(itemId, smallJpeg));
    await served(photo);
    stands.setApproved(standId, false);
    expect((await look(photo)).status).toBe(404);
    expect((await look(photo, STRANGER)).status).toBe(404);
    const own = await look(photo, OWNER);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
  });

  it("answers the gateway's question before the body: 200 for an editor, 403 for a stranger, 404 for no item", async () => {
    const { standId, itemId } = newItem();
    const ask = (item: string, caller: Asker) => call('GET', `/internal/items/${item}/photo-upload-access`, undefined, caller);
    const allowed = await ask(itemId, OWNER);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ itemId, standId });
    const stranger = await ask(itemId, STRANGER);
    expect([stranger.status, await stranger.json()]).toEqual([403, { message: ITEM_MESSAGES.editForbidden, code: 'FORBIDDEN' }]);
    expect((await ask(randomUUID(), OWNER)).status).toBe(404);
    expect((await ask('kein-angebot', OWNER)).status).toBe(404);
    // Nobody signed in and no token: nobody whose upload could be taken, as the gateway answers.
    expect((await ask(itemId, null)).status).toBe(401);
    await expectNothingStored(standId);
  });

  it("takes a guest's photo by the stand's manage token, passed on to stands, and no other token", async () => {
    const standId = randomUUID();
    const itemId = randomUUID();
    const manageToken = 'Gast_Token-0123456789a';
    stands.add(standId, [], { guest: true, manageToken });
    stands.addItem(itemId, standId);
    expect((await call('GET', `/internal/items/${itemId}/photo-upload-access`, undefined, { manageToken })).status).toBe(200);
    expect((await upload(itemId, smallJpeg, { manageToken: 'Fremd_Token-0123456789' })).status).toBe(403);
    await expectNothingStored(standId);
    const photo = await photoOf(await upload(itemId, smallJpeg, { manageToken }));
    expect(stands.items.get(itemId)!.photo).toBe(photo);
    await served(photo);
    expect((await call('DELETE', `/items/${itemId}/photo`, undefined, { manageToken })).status).toBe(200);
    expect(stands.items.get(itemId)!.photo).toBeNull();
  });

  it('refuses a stranger (403) and an unknown item (404) before it looks at the body, and stores nothing', async () => {
    const { standId, itemId } = newItem();
    const stranger = await call('POST', `/items/${itemId}/photo`, { nonsense: true }, STRANGER);
    expect([stranger.status, await stranger.json()]).toEqual([403, { message: ITEM_MESSAGES.editForbidden, code: 'FORBIDDEN' }]);
    const unknown = await call('POST', `/items/${randomUUID()}/photo`, { nonsense: true });
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: ITEM_MESSAGES.itemNotFound, code: 'NOT_FOUND' }]);
    expect((await upload(itemId, smallJpeg, null)).status).toBe(401);
    expect((await call('DELETE', `/items/${itemId}/photo`, undefined, null)).status).toBe(401);
    expect(stands.items.get(itemId)!.photo).toBeNull();
    await expectNothingStored(standId);
  });

  it('refuses a HEIC without a decoder and an input over 40 megapixels with 400, and stores nothing', async () => {
    const { standId, itemId } = newItem();
    const heic = await upload(itemId, heicHeader(4032, 3024), OWNER, 'image/heic');
    expect([heic.status, await heic.json()]).toEqual([400, { message: MEDIA_ERRORS.heicUnsupported, code: 'VALIDATION' }]);
    const huge = await upload(itemId, tinyBlackPng(8000, 6000), OWNER, 'image/png');
    expect([huge.status, await huge.json()]).toEqual([400, { message: VALIDATION.photoTooLarge, code: 'VALIDATION' }]);
    expect(stands.items.get(itemId)!.photo).toBeNull();
    await expectNothingStored(standId);
  });

  it('is replaced by a second upload, whose first photo is purged', async () => {
    const { standId, itemId } = newItem();
    const first = await photoOf(await upload(itemId, smallJpeg));
    await served(first);
    const second = await photoOf(await upload(itemId, smallJpeg));
    expect(second).not.toBe(first);
    expect(stands.items.get(itemId)!.photo).toBe(second);
    await served(second);
    expect((await look(first)).status).toBe(404);
    expect(await media.store.list(photoPrefix(standId, photoIdOf(first)))).toEqual([]);
    expect((await rowsOf(standId)).map((r) => r.id)).toEqual([photoIdOf(second)]);
    const removed = await until('first announced removed', async () =>
      (await announced(standId)).find((m) => m.data.photoId === photoIdOf(first) && m.data.state === 'removed'),
    );
    expect(removed.data.path).toBe(first);
  });

  it('goes on DELETE: the item names none, its files are purged, and a repeat answers the same', async () => {
    const { standId, itemId } = newItem();
    const photo = await photoOf(await upload(itemId, smallJpeg));
    await served(photo);
    const res = await call('DELETE', `/items/${itemId}/photo`);
    expect([res.status, await res.json()]).toEqual([200, { photo: null }]);
    expect(stands.items.get(itemId)!.photo).toBeNull();
    expect((await look(photo)).status).toBe(404);
    await expectNothingStored(standId);
    expect(await (await call('DELETE', `/items/${itemId}/photo`)).json()).toEqual({ photo: null });
    const stranger = await call('DELETE', `/items/${itemId}/photo`, undefined, STRANGER);
    expect(stranger.status).toBe(403);
  });

  it('is purged when the item went between the question and the write, and kept while the answer is unknown', async () => {
    const { standId, itemId } = newItem();
    stands.failNextItemPhotoSet = 404;
    const gone = await upload(itemId, smallJpeg);
    expect([gone.status, await gone.json()]).toEqual([404, { message: ITEM_MESSAGES.itemNotFound, code: 'NOT_FOUND' }]);
    await until('refused photo purged', async () => (await media.store.list(standPrefix(standId))).length === 0 && (await rowsOf(standId)).length === 0);

    // Stands failed: it may have written the path, so the photo stays (never a path without its photo)…
    stands.failNextItemPhotoSet = 500;
    expect((await upload(itemId, smallJpeg)).status).toBe(503);
    const [kept] = await rowsOf(standId);
    expect(kept.itemId).toBe(itemId);
    // …until the item's next photo, which takes its place and purges it.
    const next = await photoOf(await upload(itemId, smallJpeg));
    await until('unknown one purged', async () => {
      const rows = await rowsOf(standId);
      return rows.length === 1 && rows[0].id === photoIdOf(next);
    });
    expect(await media.store.list(photoPrefix(standId, kept.id))).toEqual([]);
  });

  it('keeps the stand photo list as it is: not listed, not counted, not dropped by a stand photo removal', async () => {
    const { standId, itemId } = newItem();
    const photo = await photoOf(await upload(itemId, smallJpeg));
    const list = await call('POST', `/stands/${standId}/photos`, { photoData: dataUrl(smallJpeg), fileName: 'stand.jpg' });
    expect(((await list.json()) as { photos: string[] }).photos).toHaveLength(1);
    const forged = `/api/media/stands/${standId}/${photoIdOf(photo)}.jpg`;
    expect(((await (await call('DELETE', `/stands/${standId}/photos`, { photoPath: forged })).json()) as { photos: string[] }).photos).toHaveLength(1);
    await served(photo);
  });

  it('goes when its item goes (PhotoPurge.item, for the message of an item deletion), and a repeat changes nothing', async () => {
    const { standId, itemId } = newItem();
    const other = newItem();
    const photo = await photoOf(await upload(itemId, smallJpeg));
    const kept = await photoOf(await upload(other.itemId, smallJpeg));
    await served(photo);
    const purge = new PhotoPurge(media.ds.getRepository(PhotoEntity), media.store, new JsonLogger('media-test', 'error'));
    expect(await purge.item(itemId)).toBe(1);
    expect(await purge.item(itemId)).toBe(0);
    await expectNothingStored(standId);
    expect((await look(photo)).status).toBe(404);
    await served(kept);
    const removed = await until('removal announced', async () => (await announced(standId)).find((m) => m.data.state === 'removed'));
    expect(removed.data.path).toBe(photo);
  });

  it('goes with its stand when StandDeleted arrives', async () => {
    const { standId, itemId } = newItem();
    const photo = await photoOf(await upload(itemId, smallJpeg));
    await served(photo);
    await media.send(QUEUES.media, 'StandDeleted', { standId }, `it-${standId}`);
    await until('objects and rows removed', async () => (await media.store.list(standPrefix(standId))).length === 0 && (await rowsOf(standId)).length === 0);
    expect((await look(photo)).status).toBe(404);
    const removed = await until('removal announced', async () => (await announced(standId)).find((m) => m.data.state === 'removed'));
    expect(removed.data.path).toBe(photo);
  });
});
