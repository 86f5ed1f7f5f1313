import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standPhotoThumbnailPath } from '@flohmarkt/contracts';
import { inDays } from './support/days.js';
import { handledSince, scrapeRequests, type RequestCounts, type RequestSeries } from './support/scale-metrics.js';
import { RoundRobinProxy } from './support/scale-proxy.js';
import { Ledger, ScaleSession, type ScaleAnswer } from './support/scale-session.js';
import { startTestStack, type Replica, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * Scale-out on one machine, as Kubernetes runs it with `replicas: 2`: two processes of the gateway,
 * of every service and of the photo worker, a round-robin proxy in front of the two gateways (the
 * public origin), and one scripted session across them. Halfway through, one replica of each kind
 * is killed (SIGKILL): the gateway with a request in flight, the worker with a photo in processing.
 * The session goes on; afterwards every effect exists exactly once, every upload is served, both
 * replicas of each kind served requests and the replicas' own counters add up to what was sent.
 */

const KINDS = ['gateway', 'auth', 'events', 'stands', 'media'] as const;
const BUCKET = 'flohmarkt-photos';
const EVENT_NAME = 'Skalierter Flohmarkt am Rhein';

interface Killable {
  exited: unknown;
  child: { kill(signal: string): boolean; once(event: 'exit', cb: () => void): void };
}

let proxy: RoundRobinProxy;
let stack: TestStack;
let db: pg.Client;
let redis: ReturnType<typeof createClient>;
const ledger = new Ledger();
const startedAt = Date.now();

/** Request counters of every replica: right after start, right before a kill, and at the end. */
const atStart: Record<string, RequestCounts> = {};
const last: Record<string, RequestCounts> = {};
const midway: Record<string, RequestCounts> = {};
/** Proxy log length when gateway 2 was killed, and jobs the workers held at that moment. */
let killedGatewayAnswered = 0;
let jobsHeldAtWorkerKill: string[] = [];

const replica = (kind: string, index: number): Replica => stack.replicas[kind][index];
const metricsUrl = (r: Replica) => r.metricsUrl ?? `${r.url}/metrics`;
const scrape = async (r: Replica) => {
  last[r.name] = await scrapeRequests(metricsUrl(r));
};

/** SIGKILL: no shutdown hook runs, connections are cut as in a crashed pod. */
async function kill(r: Replica): Promise<void> {
  const entry = r.entry as unknown as Killable;
  if (entry.exited) return;
  const exited = new Promise<void>((resolve) => entry.child.once('exit', resolve));
  entry.child.kill('SIGKILL');
  await exited;
}

const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

/** A camera-like 12 MP JPEG: decoding and resizing it keeps a worker busy for a while. */
async function cameraJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
}

const people = {
  organiser: { email: 'olga.scale@example.org', firstName: 'Olga', lastName: 'Organisiert' },
  anna: { email: 'anna.scale@example.org', firstName: 'Anna', lastName: 'Aussteller' },
  bernd: { email: 'bernd.scale@example.org', firstName: 'Bernd', lastName: 'Bücher' },
  carla: { email: 'carla.scale@example.org', firstName: 'Carla', lastName: 'Kram' },
  dora: { email: 'dora.scale@example.org', firstName: 'Dora', lastName: 'Dachboden' },
};
type Name = keyof typeof people;
const sessions = {} as Record<Name, ScaleSession>;
const standOf = {} as Record<Exclude<Name, 'organiser'>, string>;
/** Every upload the script got a 200 for, by stand: the photo paths it was told. */
const uploadedPaths = new Set<string>();
let eventId: string;
let smallJpeg: Buffer;
let largeJpeg: Buffer;

async function signIn(name: Name): Promise<void> {
  sessions[name] = new ScaleSession(proxy.url, ledger);
  await sessions[name].signIn(people[name]);
}

function expectStatus(answer: ScaleAnswer, status: number): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
}

async function registerStand(name: Exclude<Name, 'organiser'>): Promise<void> {
  const answer = await sessions[name].call('POST', '/api/stands', {
    eventId,
    description: `Der Stand von ${people[name].firstName}: Bücher, Platten und Spielzeug.`,
    categories: ['Bücher'],
    latitude: 50.9499,
    longitude: 6.9172,
  });
  expectStatus(answer, 201);
  standOf[name] = answer.body.id;
}

async function approve(name: Exclude<Name, 'organiser'>): Promise<void> {
  expectStatus(await sessions.organiser.call('PATCH', `/api/stands/${standOf[name]}/approve-draft`), 200);
}

async function upload(name: Exclude<Name, 'organiser'>, bytes: Buffer): Promise<void> {
  const answer = await sessions[name].call('POST', `/api/stands/${standOf[name]}/photos`, { photoData: dataUrl(bytes), fileName: 'foto.jpg' });
  expectStatus(answer, 200);
  const known = new Set(uploadedPaths);
  const fresh = (answer.body.photos as string[]).filter((p) => !known.has(p));
  expect(fresh).toHaveLength(1);
  uploadedPaths.add(fresh[0]);
}

/** Polls through the proxy until the photo is served; answers its bytes. */
async function served(photoPath: string): Promise<Buffer> {
  return until(`${photoPath} served`, async () => {
    const res = await sessions.organiser.fetch(photoPath);
    const bytes = Buffer.from(await res.arrayBuffer());
    return res.status === 200 && res.headers.get('content-type') === 'image/jpeg' ? bytes : null;
  });
}

const activeJobs = () => redis.lRange(`${stack.redisPrefix}bull:media-photos:active`, 0, -1);

beforeAll(async () => {
  proxy = new RoundRobinProxy();
  await proxy.listen();
  stack = await startTestStack({
    replicas: 2,
    publicUrl: proxy.url,
    logLevel: 'info',
    // One job per worker at a time, so two active jobs mean both workers hold one; a killed
    // worker's job is taken over after 1.5 s (production: 30 s).
    env: { WORKER_CONCURRENCY: '1', SHARP_CONCURRENCY: '1', WORKER_LOCK_MS: '1500', DEPENDENCY_RETRY_MS: '300' },
  });
  proxy.setUpstreams(stack.replicas.gateway.map((r) => r.url));
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  redis = createClient({ url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
  await redis.connect();
  for (const kind of KINDS) for (const r of stack.replicas[kind]) atStart[r.name] = await scrapeRequests(metricsUrl(r));
  smallJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2b4162' } })
    .jpeg()
    .toBuffer();
  largeJpeg = await cameraJpeg();
}, 180_000);

afterAll(async () => {
  await redis?.close().catch(() => undefined);
  await db?.end().catch(() => undefined);
  await stack?.stop();
  await proxy?.close();
  process.stdout.write(`scale-out: ${Math.round((Date.now() - startedAt) / 1000)} s in all\n`);
});

/**
 * One session in phases that build on each other (the event, its stands and photos, the replicas
 * killed halfway): they run as one test, so no test depends on another having run before it.
 */
const PHASES: Array<[string, () => Promise<void>]> = [
  [
    'signs in through the round-robin on one gateway and uses the session on the other',
    async () => {
      expect(stack.replicas.gateway).toHaveLength(2);
      for (const kind of [...KINDS, 'mediaWorker']) expect(new Set(stack.replicas[kind].map((r) => r.port)).size).toBe(2);

      await signIn('organiser');
      const callback = proxy.log.filter((e) => e.path.startsWith('/api/callback')).at(-1)!;
      expect(callback.status).toBe(302);
      const answers = [await sessions.organiser.call('GET', '/api/auth/user'), await sessions.organiser.call('GET', '/api/auth/user')];
      for (const answer of answers) expect(answer.body.email).toBe(people.organiser.email);
      // The session was created on one gateway; both answer with it, so the other one did too.
      expect(answers.map((a) => a.upstream).sort()).toEqual([0, 1]);
      expect(answers.some((a) => a.upstream !== callback.upstream)).toBe(true);

      for (const name of ['anna', 'bernd', 'carla'] as const) await signIn(name);
    },
  ],

  [
    'creates the event, registers and approves stands and uploads photos with every replica up',
    async () => {
      const event = await sessions.organiser.call('POST', '/api/events', {
        name: EVENT_NAME,
        location: 'Rheinufer, Köln',
        latitude: 50.9413,
        longitude: 6.9583,
        startDateTime: inDays(12, 8),
        endDateTime: inDays(12, 15),
      });
      expectStatus(event, 201);
      eventId = event.body.id;
      for (const name of ['anna', 'bernd', 'carla'] as const) await registerStand(name);
      await approve('anna');
      await approve('bernd');
      await Promise.all([upload('anna', smallJpeg), upload('bernd', smallJpeg)]);
      await Promise.all([...uploadedPaths].map(served));
      // Reads in turn: each gateway calls each service at least twice, so its round-robin reaches both.
      for (let i = 0; i < 4; i++) {
        expectStatus(await sessions.bernd.call('GET', `/api/events/${eventId}`), 200);
        expectStatus(await sessions.bernd.call('GET', `/api/stands/${standOf.bernd}`), 200);
      }

      // Both replicas of every kind have served requests of the session by now.
      for (const kind of KINDS) {
        for (const r of stack.replicas[kind]) {
          await scrape(r);
          midway[r.name] = last[r.name];
          expect(handledSince(atStart[r.name], last[r.name]), `${r.name} served nothing`).toBeGreaterThan(0);
        }
      }
    },
  ],

  [
    'loses nothing when one replica of each kind is killed in the middle of the session',
    async () => {
      // The gateway: an upload in flight on replica 2 (half its body sent) when it dies.
      if (proxy.nextUpstream !== 1) await sessions.anna.call('GET', '/api/auth/user');
      expect(proxy.nextUpstream).toBe(1);
      const body = { photoData: dataUrl(smallJpeg), fileName: 'unterwegs.jpg' };
      const inFlight = await sessions.anna.sendInTwoParts('POST', `/api/stands/${standOf.anna}/photos`, body, async () => {
        const entry = await until('upload taken by gateway 2', async () =>
          proxy.log.find((e) => e.path.endsWith('/photos') && e.outcome === 'pending' && e.upstream === 1),
        );
        await new Promise((r) => setTimeout(r, 300)); // the gateway has the request and waits for the rest of it
        await scrape(replica('gateway', 1));
        killedGatewayAnswered = proxy.log.filter((e) => e.upstream === 1 && e.outcome === 'answered').length;
        await kill(replica('gateway', 1));
        expect(entry.outcome).not.toBe('answered');
      });
      // Failed on the way (502 from the proxy or a cut connection): only such a request is sent again.
      expect(String(inFlight)).toMatch(/^(502|connection: )/);
      ledger.retries.push({ method: 'POST', path: `/api/stands/${standOf.anna}/photos`, reason: String(inFlight) });
      await upload('anna', smallJpeg);

      // The services: one replica each, between two requests of the session.
      for (const kind of ['auth', 'events', 'stands', 'media'] as const) await scrape(replica(kind, 1));
      await Promise.all((['auth', 'events', 'stands', 'media'] as const).map((kind) => kill(replica(kind, 1))));

      // The session goes on: a new sign-in, a stand, approvals.
      await signIn('dora');
      await registerStand('dora');
      await approve('carla');
      await approve('dora');
      expect((await sessions.organiser.call('GET', `/api/events/${eventId}`)).body.name).toBe(EVENT_NAME);

      // The worker: four camera photos at once (one per stand: a stand's uploads are one after the
      // other in a browser); once both workers hold a job, worker 2 dies.
      const uploads = Promise.all((['anna', 'bernd', 'carla', 'dora'] as const).map((name) => upload(name, largeJpeg)));
      jobsHeldAtWorkerKill = await until(
        'both workers holding a job',
        async () => {
          const active = await activeJobs();
          return active.length >= 2 ? active : null;
        },
        60_000,
        5,
      );
      await kill(replica('mediaWorker', 1));
      await uploads;

      // Every upload ends processed and served, the job of the killed worker too.
      const paths = [...uploadedPaths];
      expect(paths).toHaveLength(7);
      const bytes = await Promise.all(paths.map(served));
      for (const photoPath of paths) await served(standPhotoThumbnailPath(photoPath));
      const sizes = await Promise.all(bytes.map(async (b) => (await sharp(b).metadata()).height));
      expect(sizes.filter((h) => h === 1080)).toHaveLength(4);
    },
  ],

  [
    'applied every effect exactly once',
    async () => {
      const events = await db.query('SELECT id FROM events.events WHERE name = $1', [EVENT_NAME]);
      expect(events.rows).toEqual([{ id: eventId }]);

      const stands = await db.query<{ id: string; status: string; photos: string[] }>('SELECT id, status, photos FROM stands.stands WHERE event_id = $1', [
        eventId,
      ]);
      expect(stands.rows.map((s) => s.id).sort()).toEqual(Object.values(standOf).sort());
      expect(stands.rows.every((s) => s.status === 'approved')).toBe(true);
      const listed = stands.rows.flatMap((s) => s.photos);
      expect(listed.sort()).toEqual([...uploadedPaths].sort());

      const photos = await db.query<{ id: string; stand_id: string; position: number; status: string }>(
        'SELECT id, stand_id, position, status FROM media.photos WHERE stand_id = ANY($1)',
        [Object.values(standOf)],
      );
      expect(photos.rows).toHaveLength(uploadedPaths.size);
      expect(photos.rows.every((p) => p.status === 'ready')).toBe(true);
      expect(new Set(photos.rows.map((p) => `${p.stand_id}/${p.position}`)).size).toBe(photos.rows.length);
      expect(photos.rows.map((p) => `/api/media/stands/${p.stand_id}/${p.id}.jpg`).sort()).toEqual([...uploadedPaths].sort());

      // A job that ran twice (its worker died) wrote the same objects: one served and one thumbnail
      // per photo, the original removed.
      for (const p of photos.rows) {
        const prefix = `stands/${p.stand_id}/${p.id}/`;
        await until(
          `objects of ${p.id}`,
          async () => {
            const res = await fetch(`http://127.0.0.1:${stack.ports.s3}/${BUCKET}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
            const keys = [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]).sort();
            return JSON.stringify(keys) === JSON.stringify([`${prefix}full.jpg`, `${prefix}thumb.jpg`]);
          },
          10_000,
        );
      }
      expect(jobsHeldAtWorkerKill.every((id) => photos.rows.some((p) => p.id === id))).toBe(true);
    },
  ],

  [
    'counted every request at exactly one replica, and the survivors served the rest',
    async () => {
      for (const kind of KINDS) await scrape(replica(kind, 0));
      const handled = (name: string, where?: (s: RequestSeries) => boolean) => handledSince(atStart[name], last[name], where);
      const perReplica = Object.fromEntries(Object.keys(atStart).map((name) => [name, handled(name)]));
      const jobsDone = (name: string) =>
        readFileSync(path.join(stack.logDir, `${name}.log`), 'utf8')
          .split('\n')
          .filter((l) => l.includes('"msg":"job done"')).length;
      const workers = { 'mediaWorker-1': jobsDone('mediaWorker-1'), 'mediaWorker-2': jobsDone('mediaWorker-2') };
      const refused = proxy.log.filter((e) => e.refused.length).length;
      process.stdout.write(
        `scale-out: requests per replica ${JSON.stringify(perReplica)}, photo jobs per worker ${JSON.stringify(workers)}, ` +
          `sent ${ledger.sent}, retried ${JSON.stringify(ledger.retries)}, connection errors ${JSON.stringify(ledger.connectionErrors)}, ` +
          `skipped the dead gateway ${refused} times, 503s of the surviving gateway ${handled('gateway-1', (s) => s.status === '503')}\n`,
      );

      // Every request of the script reached the proxy and was taken by one gateway.
      expect(proxy.log.length, JSON.stringify(ledger.connectionErrors)).toBe(ledger.sent);
      expect(proxy.log.filter((e) => e.upstream === null)).toEqual([]);
      // Each gateway counted exactly the requests it took: nothing handled twice, nothing lost. The
      // killed one: all it took before its death, which is all but the one in flight.
      expect(perReplica['gateway-1']).toBe(proxy.log.filter((e) => e.upstream === 0).length);
      expect(perReplica['gateway-2']).toBe(killedGatewayAnswered);
      expect(proxy.log.filter((e) => e.upstream === 1)).toHaveLength(killedGatewayAnswered + 1);
      // What failed: the request in flight on the killed gateway, sent again. Should the surviving
      // gateway answer a 503 (a dependency lost mid-call), it is one of its counted 503s, sent again.
      const failed = proxy.log.filter((e) => e.outcome !== 'answered');
      expect(
        failed.filter((e) => e.upstream === 1).map((e) => e.status),
        JSON.stringify(failed),
      ).toEqual([null]);
      const failedOnSurvivor = failed.filter((e) => e.upstream === 0);
      const survivor503 = handled('gateway-1', (s) => s.status === '503');
      expect(failedOnSurvivor.length, JSON.stringify(failed)).toBeLessThanOrEqual(survivor503);
      expect(ledger.retries.filter((r) => !r.reason.startsWith('503'))).toHaveLength(1 + failedOnSurvivor.length);
      expect(ledger.retries.filter((r) => r.reason.startsWith('503')).length).toBeLessThanOrEqual(survivor503);
      expect(killedGatewayAnswered).toBeGreaterThan(0);
      expect(proxy.log.filter((e) => e.refused.includes(1)).length).toBeGreaterThan(0);

      // Each request with an effect was handled once, summed over both replicas of its service.
      const once = (kind: string, method: string, route: string) =>
        stack.replicas[kind].reduce((sum, r) => sum + handled(r.name, (s) => s.method === method && s.route === route && s.status.startsWith('2')), 0);
      expect(once('events', 'POST', '/events')).toBe(1);
      expect(once('stands', 'POST', '/stands')).toBe(4);
      expect(once('stands', 'PATCH', '/stands/:id/approve-draft')).toBe(4);
      expect(once('media', 'POST', '/stands/:id/photos')).toBe(uploadedPaths.size);

      // Both replicas of each kind served; the survivor went on after the kill.
      for (const kind of KINDS) {
        expect(perReplica[`${kind}-1`]).toBeGreaterThan(0);
        expect(perReplica[`${kind}-2`]).toBeGreaterThan(0);
        expect(handledSince(midway[`${kind}-1`], last[`${kind}-1`]), `${kind}-1 after the kill`).toBeGreaterThan(0);
      }
      expect(jobsHeldAtWorkerKill.length).toBeGreaterThanOrEqual(2);
      expect(workers['mediaWorker-1']).toBeGreaterThan(0);
    },
  ],

  /*
   * After a refused connection each call walks on to the next replica of its own (a shared counter
   * moved by concurrent calls once sent calls back to the dead replica: 503s although a healthy
   * replica was up). A burst of concurrent reads on the surviving gateway proves the walk.
   */
  [
    'a surviving gateway answers every request while one replica of each service is down',
    async () => {
      const burst = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const res = await sessions.bernd.fetch(`/api/events/${eventId}`);
          await res.arrayBuffer();
          return res.status;
        }),
      );
      process.stdout.write(`scale-out: burst of 12 reads on the surviving gateway answered ${JSON.stringify(burst)}\n`);
      expect(burst.filter((status) => status !== 200)).toEqual([]);
    },
  ],
];

describe('scale-out: two replicas of every app', () => {
  it('carries one session across two replicas of every app, with one of each killed halfway: nothing lost, every effect once', async () => {
    for (const [phase, run] of PHASES) {
      process.stdout.write(`scale-out: ${phase}\n`);
      await run();
    }
  }, 480_000);
});
