import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { Queue } from 'bullmq';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, MEDIA_ERRORS, PHOTO_FAILURE_REASONS, QUEUES, SCREENS, VALIDATION, standPhotoThumbnailPath, type TJobPayload } from '@flohmarkt/contracts';
import { PhotoEntity } from './photos/photo.entity.js';
import { PHOTO_QUEUE } from './photos/photo-jobs.js';
import { originalKey, standPrefix } from './photos/photo-keys.js';
import { MediaStack, servedPath, type Asker } from './testing/media-stack.js';
import { cameraJpeg, dataUrl, decompressionBomb, hasGps, tinyBlackPng, undecodablePng } from './testing/test-images.js';

/*
 * The media service and its worker as built processes, against a fresh database, Redis under a
 * prefix of its own, an S3-protocol server on a free port and the stands service's photo-access
 * call (in memory); what media tells the stands service is read from the stands queue. Build first: `npx tsc -p services/media/tsconfig.build.json`.
 */

const OWNER = randomUUID();
const STRANGER = randomUUID();

const media = new MediaStack();
const { stands, until, served, rowsOf, expectNothingStored } = media;
let photoQueue: Queue;

const call = (method: string, path: string, body?: unknown, caller: Asker = OWNER) => media.call(method, path, body, caller);
const upload = (standId: string, bytes: Buffer, caller: Asker = OWNER, fileName = 'foto.jpg') =>
  call('POST', `/stands/${standId}/photos`, { photoData: dataUrl(bytes), fileName }, caller);
const bodyOf = async (res: Response) => (await res.json()) as { message?: string; code?: string; photos?: string[] };

function newStand(): string {
  const standId = randomUUID();
  stands.add(standId, [OWNER]);
  return standId;
}

type PhotoState = TJobPayload<'PhotoStateChanged'>;
type PhotoList = TJobPayload<'StandPhotosChanged'>;

/** The lists the stands service has been sent for a stand, by version. */
async function announcedLists(standId: string): Promise<PhotoList[]> {
  const jobs = await media.standsQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs
    .filter((j) => j.name === 'StandPhotosChanged' && (j.data as PhotoList).standId === standId)
    .map((j) => j.data as PhotoList)
    .sort((a, b) => a.version - b.version);
}

/** Waits until the newest list announced for a stand holds these photos; answers it. */
function announced(standId: string, photos: string[]): Promise<PhotoList> {
  return until(`list of ${standId} announced`, async () => {
    const last = (await announcedLists(standId)).at(-1);
    return last && JSON.stringify(last.photos) === JSON.stringify(photos) && last;
  });
}

/** A stand edit as the stands service sends it. */
function sendEdit(standId: string, edit: Omit<TJobPayload<'StandPhotosEdited'>, 'standId'>, jobId = randomUUID()): Promise<void> {
  return media.send(QUEUES.media, 'StandPhotosEdited', { standId, ...edit }, jobId);
}

/** Whether media's queue has no job left to run. */
async function mediaEventsDone(): Promise<boolean> {
  const events = media.queue(QUEUES.media);
  const counts = await events.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  await events.close();
  return Object.values(counts).every((n) => n === 0);
}

/** The stand's list as media holds it (the rows still listed, in order). */
async function listedPaths(standId: string): Promise<string[]> {
  const rows = await media.ds.getRepository(PhotoEntity).find({ where: { standId }, order: { position: 'ASC', createdAt: 'ASC' } });
  return rows.filter((r) => r.status === 'processing' || r.status === 'ready').map((r) => `/api/media/stands/${standId}/${r.id}.jpg`);
}

/** The photo states the stands service has been sent for a stand (relayed from media's outbox), by version. */
async function announcedStates(standId: string): Promise<PhotoState[]> {
  const jobs = await media.standsQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs
    .filter((j) => j.name === 'PhotoStateChanged' && (j.data as PhotoState).standId === standId)
    .map((j) => j.data as PhotoState)
    .sort((a, b) => a.version - b.version);
}

let smallJpeg: Buffer;

beforeAll(async () => {
  await media.start();
  photoQueue = media.queue(PHOTO_QUEUE);
  smallJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
}, 90_000);

afterAll(async () => {
  await photoQueue?.close();
  await media.stop();
});

describe('photo upload and processing', () => {
  it('creates its bucket at start when the store has none', async () => {
    // The store started without it (beforeAll); listing a missing bucket fails with NoSuchBucket.
    await expect(media.store.list('stands/')).resolves.toEqual(expect.any(Array));
  });

  it('lists an upload at once and serves it upright, resized and without metadata once processed', async () => {
    const standId = newStand();
    // 12 MP, turned by EXIF (orientation 6: the camera was held upright), with a GPS position.
    const original = await cameraJpeg(4000, 3000, { orientation: 6 });
    expect(original.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(hasGps((await sharp(original).metadata()).exif)).toBe(true);

    const res = await upload(standId, original);
    expect(res.status).toBe(200);
    const { photos } = (await res.json()) as { photos: string[] };
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatch(new RegExp(`^/api/media/stands/${standId}/[0-9a-f-]{36}\\.jpg$`));
    await announced(standId, photos);

    const full = await served(photos[0]);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = full.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.height).toBe(1080);
    expect(meta.width).toBe(810);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const again = await fetch(`${media.api.url}${servedPath(photos[0])}`, { headers: { 'x-internal-token': media.token, 'if-none-match': etag! } });
    expect(again.status).toBe(304);

    const thumb = await served(standPhotoThumbnailPath(photos[0]));
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(thumbMeta.width).toBe(400);
    expect(thumbMeta.exif).toBeUndefined();

    const photoId = photos[0].split('/').pop()!.replace('.jpg', '');
    expect((await media.store.list(standPrefix(standId))).sort()).toEqual([`stands/${standId}/${photoId}/full.jpg`, `stands/${standId}/${photoId}/thumb.jpg`]);
    // The worker's local copy of the original is gone too (it rendered from a scratch file).
    expect(readdirSync(media.scratch).filter((name) => name.startsWith(photoId))).toEqual([]);
  });

  it('keeps the size of a small image but still re-encodes it without metadata', async () => {
    const standId = newStand();
    const small = await cameraJpeg(800, 600);
    const { photos } = (await (await upload(standId, small)).json()) as { photos: string[] };
    const meta = await sharp(Buffer.from(await (await served(photos[0])).arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([800, 600, undefined]);
  });

  it('refuses bytes that are not an image, whatever the name and declared type, and stores nothing', async () => {
    const standId = newStand();
    const text = Buffer.from('Das ist kein Bild, nur Text mit der Endung .jpg');
    const res = await call('POST', `/stands/${standId}/photos`, { photoData: dataUrl(text, 'image/jpeg'), fileName: 'urlaub.jpg' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: VALIDATION.imageRequired, code: 'VALIDATION' });
    await expectNothingStored(standId);
    expect(await announcedLists(standId)).toEqual([]);
  });

  it('refuses a decompression bomb from its header and stores nothing', async () => {
    const standId = newStand();
    const res = await call('POST', `/stands/${standId}/photos`, { photoData: dataUrl(decompressionBomb(), 'image/png'), fileName: 'bombe.png' });
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).message).toBe(VALIDATION.photoTooLarge);
    await expectNothingStored(standId);
  });

  it('stores a 5 KB PNG of 6000x6000 pixels fitted into 1920x1080', async () => {
    const standId = newStand();
    const res = await call('POST', `/stands/${standId}/photos`, { photoData: dataUrl(tinyBlackPng(6000, 6000), 'image/png'), fileName: 'klein.png' });
    expect(res.status).toBe(200);
    const { photos } = (await res.json()) as { photos: string[] };
    const meta = await sharp(Buffer.from(await (await served(photos[0])).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);
  });

  it('refuses an input over 40 megapixels (8000x6000) with 400 from its header and stores nothing', async () => {
    const standId = newStand();
    const res = await call('POST', `/stands/${standId}/photos`, { photoData: dataUrl(tinyBlackPng(8000, 6000), 'image/png'), fileName: 'riesig.png' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: VALIDATION.photoTooLarge, code: 'VALIDATION' });
    await expectNothingStored(standId);
  });

  it("answers the gateway's question before an upload's body: 200 for an editor, 403 for a stranger, 404 for no stand", async () => {
    const standId = newStand();
    const ask = (id: string, caller: string | null) => call('GET', `/internal/stands/${id}/photo-upload-access`, undefined, caller);
    const allowed = await ask(standId, OWNER);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ standId });
    expect((await ask(standId, STRANGER)).status).toBe(403);
    expect((await ask(randomUUID(), OWNER)).status).toBe(404);
    expect((await ask('not-a-uuid', OWNER)).status).toBe(404);
    expect((await ask(standId, null)).status).toBe(401);
    await expectNothingStored(standId);
  });

  it('answers 401, 404 and 403 before it looks at the body', async () => {
    const standId = newStand();
    expect((await upload(standId, smallJpeg, null)).status).toBe(401);
    const unknown = await upload(randomUUID(), smallJpeg);
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown)).message).toBe(API_ERRORS.standNotFound);
    expect((await upload('not-a-uuid', smallJpeg)).status).toBe(404);
    const stranger = await call('POST', `/stands/${standId}/photos`, { nonsense: true }, STRANGER);
    expect(stranger.status).toBe(403);
    const guestStand = randomUUID();
    stands.add(guestStand, [OWNER], { guest: true });
    const guest = await upload(guestStand, smallJpeg, STRANGER);
    expect(await guest.json()).toEqual({ message: SCREENS.guestStandOrganizerOnly, code: 'FORBIDDEN' });
    await expectNothingStored(standId);
  });

  it('refuses a fourth photo before it stores anything, and announces nothing for it', async () => {
    const full = newStand();
    let photos: string[] = [];
    for (let i = 0; i < 3; i++) photos = ((await (await upload(full, smallJpeg)).json()) as { photos: string[] }).photos;
    await announced(full, photos);
    const before = await announcedLists(full);
    const res = await upload(full, smallJpeg);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: API_ERRORS.tooManyPhotos, code: 'CONFLICT' });
    expect(await rowsOf(full)).toHaveLength(3);
    // Given time to arrive, a list of the refused upload would be here now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await announcedLists(full)).toEqual(before);
    expect(before).toHaveLength(3);
  });

  it('lets exactly one of two racing uploads take the third place, and keeps nothing of the other', async () => {
    for (let round = 0; round < 3; round++) {
      const standId = newStand();
      for (let i = 0; i < 2; i++) expect((await upload(standId, smallJpeg)).status).toBe(200);
      const answers = await Promise.all([upload(standId, smallJpeg), upload(standId, smallJpeg)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const lost = answers.find((a) => a.status === 409)!;
      expect(await lost.json()).toEqual({ message: API_ERRORS.tooManyPhotos, code: 'CONFLICT' });
      const won = (await answers.find((a) => a.status === 200)!.json()) as { photos: string[] };
      expect(won.photos).toHaveLength(3);
      expect(await listedPaths(standId)).toEqual(won.photos);
      const lists = await until('third photo announced', async () => {
        const all = await announcedLists(standId);
        return all.length === 3 && all;
      });
      expect(lists.map((l) => l.photos.length)).toEqual([1, 2, 3]);
      expect(lists[2].photos).toEqual(won.photos);
      // The loser's original was stored before the race was decided; it is removed again.
      const photoIds = won.photos.map((p) => p.split('/').pop()!.replace('.jpg', ''));
      await until('loser removed', async () => (await media.store.list(standPrefix(standId))).every((key) => photoIds.includes(key.split('/')[2])));
    }
  });

  it('stores an upload sent again with its Idempotency-Key once, also when both arrive at once, and answers the first list', async () => {
    const standId = newStand();
    const body = { photoData: dataUrl(smallJpeg), fileName: 'foto.jpg' };
    const send = (key: string) =>
      fetch(`${media.api.url}/stands/${standId}/photos`, {
        method: 'POST',
        headers: {
          'x-internal-token': media.token,
          'content-type': 'application/json',
          'x-user-id': OWNER,
          'x-user-role': 'participant',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
      });
    const first = await send('upload-once');
    const again = await send('upload-once');
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
    expect(await again.json()).toEqual(await first.json());
    const together = await Promise.all([send('upload-together'), send('upload-together')]);
    expect(together.map((a) => a.status)).toEqual([200, 200]);
    expect(await rowsOf(standId)).toHaveLength(2);
  });

  it('drops an upload that cannot be processed, and the stand learns why', async () => {
    const standId = newStand();
    const res = await call('POST', `/stands/${standId}/photos`, { photoData: dataUrl(undecodablePng(), 'image/png'), fileName: 'kaputt.png' });
    expect(res.status).toBe(200);
    const { photos } = await bodyOf(res);
    expect(photos).toHaveLength(1);
    // Listed at upload, then dropped with the reason, in the same transaction as the failure.
    await announced(standId, []);
    expect((await announcedLists(standId)).map((l) => [l.photos, l.photoError])).toEqual([
      [photos, null],
      [[], PHOTO_FAILURE_REASONS.unreadable],
    ]);
    const [row] = await rowsOf(standId);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/does not decode/);
    expect(await media.store.list(standPrefix(standId))).toEqual([]);
    const states = await until('failure announced', async () => {
      const announced = await announcedStates(standId);
      return announced.length === 2 && announced;
    });
    expect(states.map((m) => [m.photoId, m.path, m.state, m.reason])).toEqual([
      [row.id, `/api/media/stands/${standId}/${row.id}.jpg`, 'processing', null],
      [row.id, `/api/media/stands/${standId}/${row.id}.jpg`, 'failed', PHOTO_FAILURE_REASONS.unreadable],
    ]);
  });

  it('announces each state change to the stands service: processing at upload, ready once served, removed when deleted', async () => {
    const standId = newStand();
    const { photos } = (await (await upload(standId, smallJpeg)).json()) as { photos: string[] };
    await served(photos[0]);
    const ready = await until('ready announced', async () => {
      const announced = await announcedStates(standId);
      return announced.length === 2 && announced;
    });
    expect(ready.map((m) => [m.path, m.state])).toEqual([
      [photos[0], 'processing'],
      [photos[0], 'ready'],
    ]);
    expect(ready[1].version).toBeGreaterThan(ready[0].version);

    await call('DELETE', `/stands/${standId}/photos`, { photoPath: photos[0] });
    await call('DELETE', `/stands/${standId}/photos`, { photoPath: photos[0] });
    const removed = await until('removal announced', async () => {
      const announced = await announcedStates(standId);
      return announced.length === 3 && announced;
    });
    expect(removed[2]).toMatchObject({ path: photos[0], state: 'removed', reason: null });
    expect(removed[2].version).toBeGreaterThan(ready[1].version);
  });

  it('announces nothing for an upload it refuses, and a new upload clears the reason of a dropped one', async () => {
    const refused = newStand();
    expect((await upload(refused, Buffer.from('kein Bild'))).status).toBe(400);
    expect(await announcedStates(refused)).toEqual([]);
    expect(await announcedLists(refused)).toEqual([]);

    const standId = newStand();
    await upload(standId, undecodablePng());
    expect((await announced(standId, [])).photoError).toBe(PHOTO_FAILURE_REASONS.unreadable);
    const { photos } = (await (await upload(standId, smallJpeg)).json()) as { photos: string[] };
    expect((await announced(standId, photos)).photoError).toBeNull();
  });

  it('follows a stand edit: the new order, the removed photos gone; repeated or late edits change nothing', async () => {
    const standId = newStand();
    let photos: string[] = [];
    for (let i = 0; i < 3; i++) photos = ((await (await upload(standId, smallJpeg)).json()) as { photos: string[] }).photos;
    await Promise.all(photos.map(served));
    const [a, b, c] = photos;

    // Newest edit first: c before a, b removed. Then the same edit again, then an older one.
    await sendEdit(standId, { photos: [c, a], removed: [b], editVersion: 2 });
    expect((await announced(standId, [c, a])).photoError).toBeNull();
    const bId = b.split('/').pop()!.replace('.jpg', '');
    await until('removed photo gone', async () => (await media.store.list(`stands/${standId}/${bId}/`)).length === 0 && (await rowsOf(standId)).length === 2);
    await sendEdit(standId, { photos: [c, a], removed: [b], editVersion: 2 });
    await sendEdit(standId, { photos: [a, b, c], removed: [], editVersion: 1 });
    // A newer edit after them shows they were handled (the queue runs in order here).
    await sendEdit(standId, { photos: [c, a], removed: [], editVersion: 3 });
    await until('edits handled', mediaEventsDone);
    expect(await listedPaths(standId)).toEqual([c, a]);
    expect((await announcedLists(standId)).at(-1)!.photos).toEqual([c, a]);

    // An upload the editor did not know of keeps its place after the photos the edit names.
    const { photos: withNew } = (await (await upload(standId, smallJpeg)).json()) as { photos: string[] };
    const d = withNew[2];
    await sendEdit(standId, { photos: [a, c], removed: [], editVersion: 4 });
    await announced(standId, [a, c, d]);
    expect(await listedPaths(standId)).toEqual([a, c, d]);
  });

  it('deletes a photo with its objects, and a second delete changes nothing', async () => {
    const standId = newStand();
    const { photos } = (await (await upload(standId, smallJpeg)).json()) as { photos: string[] };
    await served(photos[0]);
    const res = await call('DELETE', `/stands/${standId}/photos`, { photoPath: photos[0] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ photos: [] });
    await expectNothingStored(standId);
    expect((await call('GET', servedPath(photos[0]), undefined, null)).status).toBe(404);
    const twice = await call('DELETE', `/stands/${standId}/photos`, { photoPath: photos[0] });
    expect(await twice.json()).toEqual({ photos: [] });
    expect((await call('DELETE', `/stands/${standId}/photos`, {})).status).toBe(400);
  });

  it('removes every object of a stand when StandDeleted arrives', async () => {
    const standId = newStand();
    const first = (await (await upload(standId, smallJpeg)).json()) as { photos: string[] };
    const second = (await (await upload(standId, smallJpeg)).json()) as { photos: string[] };
    await served(first.photos[0]);
    await served(second.photos[1]);
    expect(await media.store.list(standPrefix(standId))).toHaveLength(4);

    await media.send(QUEUES.media, 'StandDeleted', { standId }, `it-${standId}`);
    await until('objects removed', async () => (await media.store.list(standPrefix(standId))).length === 0);
    await until('rows removed', async () => (await rowsOf(standId)).length === 0);
    expect((await call('GET', servedPath(first.photos[0]), undefined, null)).status).toBe(404);
  });

  it('processes a listed photo whose job was lost (crash between the steps of an upload)', async () => {
    const standId = newStand();
    const photoId = randomUUID();
    await media.store.put(originalKey(standId, photoId), smallJpeg, 'image/jpeg');
    await media.ds.getRepository(PhotoEntity).insert({ id: photoId, standId, position: 0, originalKey: originalKey(standId, photoId) });
    await served(`/api/media/stands/${standId}/${photoId}.jpg`);
  });
});

describe("photos follow their stand's visibility", () => {
  it("serves a public stand's photo to anyone for good, a hidden stand's only to who may see it, privately, and 404 to everyone else", async () => {
    const standId = newStand();
    const { photos } = (await (await upload(standId, smallJpeg)).json()) as { photos: string[] };
    const open = await served(photos[0]);
    expect(open.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    stands.setApproved(standId, false);
    for (const path of [photos[0], photos[0].replace(/\.jpg$/, '.thumb.jpg')]) {
      const anonymous = await call('GET', servedPath(path), undefined, null);
      expect(anonymous.status).toBe(404);
      expect((await bodyOf(anonymous)).message).toBe(MEDIA_ERRORS.photoNotFound);
      expect((await call('GET', servedPath(path), undefined, randomUUID())).status).toBe(404);
      const owner = await call('GET', servedPath(path), undefined, OWNER);
      expect(owner.status).toBe(200);
      expect(owner.headers.get('cache-control')).toBe('private, no-store');
      expect(owner.headers.get('vary')).toMatch(/Cookie/);
      await owner.arrayBuffer();
    }

    stands.setApproved(standId, true);
    expect((await call('GET', servedPath(photos[0]), undefined, null)).status).toBe(200);
  });

  it("takes a guest's photos by their stand's manage token, shows them to that token while the stand waits, and to no other", async () => {
    const standId = randomUUID();
    const manageToken = 'Gast_Token-0123456789a';
    stands.add(standId, [], { guest: true, manageToken });
    stands.setApproved(standId, false);
    const stranger = { manageToken: 'Fremd_Token-0123456789' };
    expect((await call('GET', `/internal/stands/${standId}/photo-upload-access`, undefined, { manageToken })).status).toBe(200);
    expect((await upload(standId, smallJpeg, stranger)).status).toBe(403);
    await expectNothingStored(standId);

    const { photos } = (await (await upload(standId, smallJpeg, { manageToken })).json()) as { photos: string[] };
    expect(photos).toHaveLength(1);
    const own = await until('the guest sees the photo', async () => {
      const res = await call('GET', servedPath(photos[0]), undefined, { manageToken });
      return res.status === 200 ? res : null;
    });
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.headers.get('vary')).toMatch(/X-Manage-Token/);
    await own.arrayBuffer();
    expect((await call('GET', servedPath(photos[0]), undefined, stranger)).status).toBe(404);
    expect((await call('GET', servedPath(photos[0]), undefined, null)).status).toBe(404);

    expect((await call('DELETE', `/stands/${standId}/photos`, { photoPath: photos[0] }, stranger)).status).toBe(403);
    const removed = await call('DELETE', `/stands/${standId}/photos`, { photoPath: photos[0] }, { manageToken });
    expect([removed.status, await removed.json()]).toEqual([200, { photos: [] }]);
    expect((await call('DELETE', `/stands/${standId}/photos`, { photoPath: photos[0] }, null)).status).toBe(401);
  });
});

describe('outages and crashes', () => {
  it('answers 503 while the store is down during an upload, and stores nothing', async () => {
    const standId = newStand();
    await media.s3.stop();
    try {
      const res = await upload(standId, smallJpeg);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: MEDIA_ERRORS.storageUnavailable, code: 'UNAVAILABLE' });
      expect(await announcedLists(standId)).toEqual([]);
      expect(await rowsOf(standId)).toEqual([]);
    } finally {
      await media.s3.start();
    }
    expect(await media.store.list(standPrefix(standId))).toEqual([]);
  });

  it('lets a job wait while the store is down during processing, and finishes it once it is back', async () => {
    const standId = newStand();
    await media.worker.kill('SIGTERM');
    const { photos } = (await (await upload(standId, smallJpeg)).json()) as { photos: string[] };
    await media.s3.stop();
    try {
      await media.worker.start();
      await until('job delayed', async () => (await photoQueue.getDelayedCount()) > 0);
      const waiting = await call('GET', servedPath(photos[0]), undefined, null);
      expect(waiting.status).toBe(404);
      expect((await bodyOf(waiting)).message).toBe(MEDIA_ERRORS.photoProcessing);
    } finally {
      await media.s3.start();
    }
    await served(photos[0]);
    expect(await listedPaths(standId)).toEqual(photos);
  });

  it('finishes a job after its worker was killed in the middle of it', async () => {
    const standId = newStand();
    await media.worker.kill('SIGTERM');
    const original = await cameraJpeg(4000, 3000);
    const { photos } = (await (await upload(standId, original)).json()) as { photos: string[] };
    // Watch from the worker's first moment: the job is active for a few hundred milliseconds only.
    media.worker.spawn();
    await until('job active', async () => (await photoQueue.getActiveCount()) > 0, 15_000, 5);
    await media.worker.kill('SIGKILL');
    const [row] = await rowsOf(standId);
    expect(row.status).toBe('processing');
    expect(await photoQueue.getActiveCount()).toBe(1);
    await media.worker.start();
    await served(photos[0]);
    expect((await rowsOf(standId))[0].status).toBe('ready');
  });
});
