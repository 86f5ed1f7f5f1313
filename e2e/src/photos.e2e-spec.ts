import path from 'node:path';
import zlib from 'node:zlib';
import { createClient } from 'redis';
import sharp from 'sharp';
// @ts-expect-error: s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, MEDIA_ERRORS, PHOTO_FAILURE_REASONS, SCREENS, VALIDATION, standPhotoThumbnailPath } from '@flohmarkt/contracts';
// @ts-expect-error: the launcher is plain JavaScript (it runs before anything is built)
import { startStack } from '@flohmarkt/launcher';
import { GENEROUS_BUDGETS } from './support/stack.js';
import { createScratch } from '@flohmarkt/launcher/scratch';
import { apiCall, type Answer } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { inDays } from './support/days.js';
import { until } from './support/until.js';

/*
 * Stand photos through the gateway (docs/product.md#photos): upload,
 * processing by the worker process, serving, the checks, permissions, deletion and the cascade of
 * a deleted stand, plus the faults: a worker killed mid-job and the object store going away.
 * The stack is started here with an object store this file can stop and start again.
 */

const BUCKET = 'flohmarkt-photos';

interface Entry {
  name: string;
  child: { pid: number; kill(signal: string): boolean; once(event: 'exit', cb: () => void): void };
  exited: unknown;
}
interface Stack {
  publicUrl: string;
  entries: Record<string, Entry>;
  group: { stopOne(entry: Entry): Promise<void>; restart(entry: Entry): Entry };
  stop(): Promise<void>;
}

/** The object store of this stack: stop() cuts every connection, start() brings it back with its objects. */
class ObjectStoreServer {
  private server: { httpServer?: { closeAllConnections(): void }; run(): Promise<unknown>; close(): Promise<void> } | null = null;
  constructor(
    readonly port: number,
    readonly dir: string,
  ) {}
  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.server = new S3rver({
      port: this.port,
      address: '127.0.0.1',
      directory: this.dir,
      silent: true,
      configureBuckets: [{ name: BUCKET }],
      resetOnClose: false,
    });
    await this.server!.run();
  }
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.httpServer?.closeAllConnections();
    await server?.close();
  }
  /** Object keys below a prefix (s3rver answers unsigned reads). */
  async keys(prefix: string): Promise<string[]> {
    const res = await fetch(`${this.endpoint}/${BUCKET}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
    return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]);
  }
}

let stack: Stack;
let store: ObjectStoreServer;
let cleanup: () => Promise<void>;
let activeJobs: () => Promise<number>;

let organiser: HttpSession;
let owner: HttpSession;
let stranger: HttpSession;
let eventId: string;

const call = (session: HttpSession | null, method: string, url: string, body?: unknown): Promise<Answer> =>
  apiCall(stack.publicUrl, session, method, url, body);

const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;
const upload = (session: HttpSession | null, standId: string, bytes: Buffer, fileName = 'foto.jpg', type = 'image/jpeg') =>
  call(session, 'POST', `/api/stands/${standId}/photos`, { photoData: dataUrl(bytes, type), fileName });

/** Waits until the gateway serves the photo path; answers the bytes and headers. */
async function served(photoPath: string): Promise<{ bytes: Buffer; headers: Headers }> {
  return until(`${photoPath} served`, async () => {
    const res = await fetch(`${stack.publicUrl}${photoPath}`);
    if (res.status !== 200) {
      await res.arrayBuffer();
      return null;
    }
    return { bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  });
}

async function status(photoPath: string): Promise<number> {
  const res = await fetch(`${stack.publicUrl}${photoPath}`);
  await res.arrayBuffer();
  return res.status;
}

/** A camera-like JPEG (blurred noise, several MB at 12 MP) with a GPS position in its EXIF data. */
async function cameraJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 56/1 59/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 57/1 1/1' } })
    .toBuffer();
}

const hasGps = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

/** One PNG chunk: its length, type, data and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** 20000x20000 pixels (400 MP) in about 50 KB: a decompression bomb. */
function decompressionBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20000, 0);
  header.writeUInt32BE(20000, 4);
  header[8] = 1; // 1-bit greyscale
  const pixels = zlib.deflateSync(Buffer.alloc(20000 * 2501), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function registerStand(session: HttpSession, event: string): Promise<string> {
  const answer = await call(session, 'POST', '/api/stands', {
    eventId: event,
    description: 'Bücher, Platten und Spielzeug aus drei Jahrzehnten.',
    categories: ['Bücher'],
    latitude: 50.9499,
    longitude: 6.9172,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

async function guestStand(): Promise<string> {
  const answer = await call(null, 'POST', `/api/events/${eventId}/guest-stands`, {
    guestFirstName: 'Gerda',
    guestLastName: 'Gast',
    description: 'Kinderkleidung und Spielsachen vom Dachboden.',
    categories: ['Kinderkleidung'],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

/** Approved stands are visible to everyone, so a stranger meets 403 there (a pending one is 404 to them). */
async function approve(standId: string): Promise<void> {
  const answer = await call(organiser, 'PATCH', `/api/stands/${standId}/approve-draft`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const photosOf = async (standId: string): Promise<string[]> => (await call(organiser, 'GET', `/api/stands/${standId}`)).body.photos;

let smallJpeg: Buffer;
let largeJpeg: Buffer;

beforeAll(async () => {
  const scratch = await createScratch('e2e');
  const { ports, dataDir, redisPrefix } = scratch;
  store = new ObjectStoreServer(ports.s3, path.join(dataDir, 's3'));
  await store.start();
  stack = await startStack({
    ports,
    dataDir,
    databaseUrl: scratch.databaseUrl,
    redisUrl: scratch.redisUrl,
    redisPrefix,
    s3: { endpoint: store.endpoint, bucket: BUCKET, accessKey: 'S3RVER', secretKey: 'S3RVER' },
    publicUrl: `http://localhost:${ports.gateway}`,
    gatewayHost: '127.0.0.1',
    gatewayEnv: GENEROUS_BUDGETS,
    logLevel: 'warn',
    // A killed worker's job is taken over after 1.5 s (production: 30 s); outages are retried every 0.5 s.
    env: { WORKER_LOCK_MS: '1500', DEPENDENCY_RETRY_MS: '500' },
  });
  const redis = createClient({ url: scratch.redisUrl });
  await redis.connect();
  activeJobs = () => redis.lLen(`${redisPrefix}bull:media-photos:active`);
  cleanup = async () => {
    await redis.close();
    await scratch.dispose();
  };

  organiser = new HttpSession(stack.publicUrl);
  owner = new HttpSession(stack.publicUrl);
  stranger = new HttpSession(stack.publicUrl);
  await organiser.signIn({ email: 'olivia.photos@example.org', firstName: 'Olivia', lastName: 'Organisiert' });
  await owner.signIn({ email: 'otto.photos@example.org', firstName: 'Otto', lastName: 'Aussteller' });
  await stranger.signIn({ email: 'stella.photos@example.org', firstName: 'Stella', lastName: 'Fremd' });
  const event = await call(organiser, 'POST', '/api/events', {
    name: 'Fotoflohmarkt Ehrenfeld',
    location: 'Ehrenfeld, Köln',
    latitude: 50.9497,
    longitude: 6.9169,
    startDateTime: inDays(10, 8),
    endDateTime: inDays(10, 14),
  });
  expect(event.status, JSON.stringify(event.body)).toBe(201);
  eventId = event.body.id;
  smallJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2b4162' } })
    .jpeg()
    .toBuffer();
  largeJpeg = await cameraJpeg();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await store?.stop();
  await cleanup?.();
});

/**
 * A fresh market of the organiser with the owner's approved stand on it: every test gets its own
 * stand (one user may hold one stand per market), so no test depends on another's photos.
 */
async function ownersStand(): Promise<string> {
  const event = await call(organiser, 'POST', '/api/events', {
    name: 'Fotoflohmarkt Nippes',
    location: 'Nippes, Köln',
    latitude: 50.9667,
    longitude: 6.9566,
    startDateTime: inDays(12, 8),
    endDateTime: inDays(12, 14),
  });
  expect(event.status, JSON.stringify(event.body)).toBe(201);
  const standId = await registerStand(owner, event.body.id);
  await approve(standId);
  return standId;
}

/** Uploads small photos as the owner until the stand holds `count`, each processed and served. */
async function withPhotos(standId: string, count: number): Promise<string[]> {
  let photos: string[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await upload(owner, standId, smallJpeg);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    photos = answer.body.photos;
  }
  await Promise.all(photos.map(served));
  // The stand's copy of the list follows media's through an outbox: an edit is checked against that copy.
  await until('listed on the stand', async () => JSON.stringify(await photosOf(standId)) === JSON.stringify(photos));
  return photos;
}

describe('stand photos', () => {
  it('lists an upload at once and serves it at most 1920x1080, without EXIF or GPS, with long cache headers', async () => {
    const standId = await ownersStand();
    expect(hasGps((await sharp(largeJpeg).metadata()).exif)).toBe(true);

    const answer = await upload(owner, standId, largeJpeg, 'IMG_0001.JPG');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.photos).toEqual([expect.stringMatching(new RegExp(`^/api/media/stands/${standId}/[0-9a-f-]{36}\\.jpg$`))]);
    const [photoPath] = answer.body.photos;
    // The stand's list is a copy of media's, a relay's moment behind the upload's answer.
    await until('listed on the stand', async () => JSON.stringify(await photosOf(standId)) === JSON.stringify([photoPath]));

    const full = await served(photoPath);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(full.headers.get('etag')).toBeTruthy();
    const meta = await sharp(full.bytes).metadata();
    expect(meta.width! <= 1920 && meta.height! <= 1080).toBe(true);
    expect([meta.width, meta.height]).toEqual([1440, 1080]);
    expect(meta.exif).toBeUndefined();
    expect(hasGps(meta.exif)).toBe(false);

    const thumb = await served(standPhotoThumbnailPath(photoPath));
    expect((await sharp(thumb.bytes).metadata()).width).toBe(400);
  });

  it('refuses a file that is not an image even when it is named .jpg, and one too large to decode', async () => {
    const standId = await ownersStand();
    const text = Buffer.from('Kein Bild, nur Text in einer Datei namens urlaub.jpg');
    const notImage = await upload(owner, standId, text, 'urlaub.jpg');
    expect(notImage.status).toBe(400);
    expect(notImage.body).toEqual({ message: 'Bitte wähle eine Bilddatei aus', error: 'Bitte wähle eine Bilddatei aus' });

    const bomb = await upload(owner, standId, decompressionBomb(), 'riesig.png', 'image/png');
    expect(bomb.status).toBe(400);
    expect(bomb.body).toEqual({ message: VALIDATION.photoTooLarge, error: VALIDATION.photoTooLarge });
    expect(await photosOf(standId)).toEqual([]);
    expect(await store.keys(`stands/${standId}/`)).toEqual([]);
  });

  it('lets the owner and the organiser upload, nobody else', async () => {
    const standId = await ownersStand();
    const anonymous = await upload(null, standId, smallJpeg);
    expect(anonymous.status).toBe(401);
    const foreign = await upload(stranger, standId, smallJpeg);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe(foreign.body.message);
    expect((await upload(owner, standId, smallJpeg)).status).toBe(200);
    const byOrganiser = await upload(organiser, standId, smallJpeg);
    expect(byOrganiser.status).toBe(200);
    expect(byOrganiser.body.photos).toHaveLength(2);

    const guest = await guestStand();
    await approve(guest);
    const notTheOrganiser = await upload(owner, guest, smallJpeg);
    expect(notTheOrganiser.body).toEqual({ message: SCREENS.guestStandOrganizerOnly, error: SCREENS.guestStandOrganizerOnly });
    expect((await upload(organiser, guest, smallJpeg)).status).toBe(200);
  });

  it('refuses a fourth photo', async () => {
    const standId = await ownersStand();
    await withPhotos(standId, 3);
    const fourth = await upload(owner, standId, smallJpeg);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({ message: API_ERRORS.tooManyPhotos, error: API_ERRORS.tooManyPhotos });
    expect(await photosOf(standId)).toHaveLength(3);
  });

  it('deletes a photo with its objects', async () => {
    const standId = await ownersStand();
    const photos = await withPhotos(standId, 3);
    const gone = photos[2];
    const photoId = gone.split('/').pop()!.replace('.jpg', '');
    expect(await store.keys(`stands/${standId}/${photoId}/`)).not.toEqual([]);

    const answer = await call(owner, 'DELETE', `/api/stands/${standId}/photos`, { photoPath: gone });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ photos: photos.slice(0, 2) });
    expect(await status(gone)).toBe(404);
    expect(await store.keys(`stands/${standId}/${photoId}/`)).toEqual([]);
    expect((await call(stranger, 'DELETE', `/api/stands/${standId}/photos`, { photoPath: photos[0] })).status).toBe(403);
  });

  it('removes the objects of photos that an edit drops from the stand', async () => {
    const standId = await ownersStand();
    const [path] = await withPhotos(standId, 1);
    const photoId = path.split('/').pop()!.replace('.jpg', '');
    const edit = await call(owner, 'PUT', `/api/stands/${standId}`, {
      description: 'Bücher, Platten und Spielzeug aus drei Jahrzehnten.',
      categories: ['Bücher'],
      latitude: 50.9499,
      longitude: 6.9172,
      photos: [],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.photos).toEqual([]);
    await until('objects removed', async () => (await store.keys(`stands/${standId}/${photoId}/`)).length === 0);
    expect(await status(path)).toBe(404);
  });

  it('keeps the order an edit gives, and media follows it: a later upload goes last', async () => {
    const standId = await ownersStand();
    const [first, second] = await withPhotos(standId, 2);
    const edit = await call(owner, 'PUT', `/api/stands/${standId}`, {
      description: 'Bücher, Platten und Spielzeug aus drei Jahrzehnten.',
      categories: ['Bücher'],
      latitude: 50.9499,
      longitude: 6.9172,
      photos: [second, first],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.photos).toEqual([second, first]);
    expect(await photosOf(standId)).toEqual([second, first]);
    // Media, which owns the list, follows the edit; an upload it takes meanwhile goes after.
    const added = await upload(owner, standId, smallJpeg);
    expect(added.status).toBe(200);
    const third = added.body.photos.at(-1);
    await until(
      'the stand lists the order with the new photo last',
      async () => JSON.stringify(await photosOf(standId)) === JSON.stringify([second, first, third]),
    );
  });

  it('removes every object of a stand that is deleted', async () => {
    const standId = await ownersStand();
    const photos = await withPhotos(standId, 2);
    // The served photo and its thumbnail each.
    expect(await store.keys(`stands/${standId}/`)).toHaveLength(4);
    // The organiser deletes (the owner's own DELETE only withdraws the stand, which keeps it and its photos).
    expect((await call(organiser, 'DELETE', `/api/stands/${standId}`)).status).toBe(204);
    await until('objects removed', async () => (await store.keys(`stands/${standId}/`)).length === 0);
    expect(await status(photos[0])).toBe(404);
  });
});

describe('photo faults', () => {
  it('finishes a job whose worker was killed in the middle of it', async () => {
    // Approved: a pending stand's photos are hidden from anonymous readers (docs/product.md#privacy).
    const standId = await guestStand();
    await approve(standId);
    await stack.group.stopOne(stack.entries.mediaWorker);
    const answer = await upload(organiser, standId, largeJpeg);
    expect(answer.status).toBe(200);
    const [photoPath] = answer.body.photos;

    // Start the worker and kill it as soon as it holds the job (processing takes a few hundred ms).
    const started = stack.group.restart(stack.entries.mediaWorker);
    stack.entries.mediaWorker = started;
    await until('job active', async () => (await activeJobs()) > 0, 20_000, 5);
    const exited = new Promise<void>((resolve) => started.child.once('exit', resolve));
    started.child.kill('SIGKILL');
    await exited;
    expect(await status(photoPath)).toBe(404);
    expect(await activeJobs()).toBe(1);

    stack.entries.mediaWorker = stack.group.restart(started);
    const full = await served(photoPath);
    expect((await sharp(full.bytes).metadata()).height).toBe(1080);
  });

  it('answers 503 while the object store is down during an upload, and stores nothing', async () => {
    const standId = await guestStand();
    await store.stop();
    try {
      const answer = await upload(organiser, standId, smallJpeg);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: MEDIA_ERRORS.storageUnavailable, error: MEDIA_ERRORS.storageUnavailable });
      expect(await photosOf(standId)).toEqual([]);
    } finally {
      await store.start();
    }
    expect(await store.keys(`stands/${standId}/`)).toEqual([]);
  });

  it('keeps a job waiting while the object store is down during processing, and completes it once it is back', async () => {
    const standId = await guestStand();
    await approve(standId);
    await stack.group.stopOne(stack.entries.mediaWorker);
    const answer = await upload(organiser, standId, smallJpeg);
    const [photoPath] = answer.body.photos;
    await store.stop();
    try {
      stack.entries.mediaWorker = stack.group.restart(stack.entries.mediaWorker);
      await new Promise((r) => setTimeout(r, 3000));
      const waiting = await fetch(`${stack.publicUrl}${photoPath}`);
      expect(waiting.status).toBe(404);
      expect(await waiting.json()).toEqual({ message: MEDIA_ERRORS.photoProcessing });
    } finally {
      await store.start();
    }
    await served(photoPath);
    expect(await photosOf(standId)).toEqual([photoPath]);
  });
});

/** A PNG whose header passes the upload check but whose pixel data does not decode: the worker fails it. */
function undecodablePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(640, 0);
  header.writeUInt32BE(480, 4);
  header[8] = 8;
  header[9] = 2; // 8-bit RGB
  const idat = Buffer.from('these bytes are not a zlib stream');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('photo state on the wire', () => {
  const standRead = async (standId: string) => (await call(null, 'GET', `/api/stands/${standId}`)).body;

  it('a stand read says processing until the worker is done, then ready, and the photo answers 200', async () => {
    const standId = await ownersStand();
    // Without a worker the photo stays processing, whatever the timing.
    await stack.group.stopOne(stack.entries.mediaWorker);
    let photoPath: string;
    try {
      const answer = await upload(owner, standId, smallJpeg);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      [photoPath] = answer.body.photos;
      // Also once the upload's own announcement has arrived: still processing, and nothing served yet.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const read = await standRead(standId);
      expect(read.photos).toEqual([photoPath]);
      expect(read.photoStates).toEqual([{ path: photoPath, state: 'processing' }]);
      expect(await status(photoPath)).toBe(404);
    } finally {
      stack.entries.mediaWorker = stack.group.restart(stack.entries.mediaWorker);
    }

    const ready = await until('stand read says ready', async () => {
      const read = await standRead(standId);
      return read.photoStates[0]?.state === 'ready' && read;
    });
    expect(ready.photos).toEqual([photoPath]);
    expect(ready.photoStates).toEqual([{ path: photoPath, state: 'ready' }]);
    expect(await status(photoPath)).toBe(200);
    expect(await status(standPhotoThumbnailPath(photoPath))).toBe(200);
  });

  it('a broken upload that the worker fails is dropped and the stand read gives the German reason', async () => {
    const standId = await ownersStand();
    const answer = await upload(owner, standId, undecodablePng(), 'kaputt.png', 'image/png');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [photoPath] = answer.body.photos;

    const seen: string[] = [];
    const dropped = await until('failed photo dropped', async () => {
      const read = await standRead(standId);
      const entry = read.photoStates.find((p: { path: string }) => p.path === photoPath);
      // Between the failure and the removal from the list the read may say failed, with the reason.
      if (entry) seen.push(entry.state === 'failed' ? `failed: ${entry.reason}` : entry.state);
      // The list is a copy of media's, a moment behind: dropped means unlisted with the reason.
      return !read.photos.includes(photoPath) && read.photoError && read;
    });
    expect(dropped.photoStates).toEqual([]);
    expect(dropped.photoError).toBe(PHOTO_FAILURE_REASONS.unreadable);
    expect(seen.every((s) => s === 'processing' || s === `failed: ${PHOTO_FAILURE_REASONS.unreadable}`)).toBe(true);
    expect(await status(photoPath)).toBe(404);
  });
});
