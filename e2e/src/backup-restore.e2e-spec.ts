import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the backup scripts are plain JavaScript run by operators with node
import { listKeys, s3Client } from '../../infra/scripts/backup/settings.mjs';
import { HttpSession, type Person } from './support/browser-session.js';
import { startTestStack, type ChildEntry, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * Backups as docs/operations.md "Backups and restore" describes them, end to end: events with
 * approved stands and processed photos; `npm run backup` (pg_dump of the whole database, a copy of
 * every object of the bucket) while the product runs; the apps stopped; the database and the
 * bucket wiped; `npm run restore`; the apps started again. Visitors then see the same events,
 * stands and photo bytes, and the organiser signs in to the same account.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OLGA: Person = { email: 'olga.backup@example.org', firstName: 'Olga', lastName: 'Organisatorin' };
/** The embedded S3-protocol server of the launcher (infra/launcher/src/stack.mjs). */
const BUCKET = 'flohmarkt-photos';
const S3_KEYS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };
/** Stopped before the restore and started again after it, in this order (the gateway waits for the rest). */
const APPS = ['auth', 'events', 'stands', 'media', 'mediaWorker', 'gateway'];
const DAY_MS = 86_400_000;

let stack: TestStack;
let backupDir: string;
let olga: HttpSession;
const ids = { organiser: '', events: [] as string[], stands: [] as string[] };
const photos: string[] = [];

interface Seen {
  events: unknown[];
  stands: unknown[];
  photoHashes: string[];
}
let before: Seen;

async function must<T = { id: string }>(session: HttpSession, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await session.json<T>(method, url, body);
  if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function anonymous(url: string): Promise<unknown> {
  const res = await fetch(`${stack.publicUrl}${url}`);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return res.json();
}

async function photoHash(url: string): Promise<string> {
  const res = await fetch(`${stack.publicUrl}${url}`);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return createHash('sha256')
    .update(Buffer.from(await res.arrayBuffer()))
    .digest('hex');
}

/** What a visitor sees: each event, its stands (with their photos and states), each photo's bytes. */
async function whatVisitorsSee(): Promise<Seen> {
  return {
    events: await Promise.all(ids.events.map((id) => anonymous(`/api/events/${id}`))),
    stands: await Promise.all(ids.events.map((id) => anonymous(`/api/events/${id}/stands`))),
    photoHashes: await Promise.all(photos.map(photoHash)),
  };
}

const appEnv = () => ({
  ...process.env,
  DATABASE_URL: stack.databaseUrl,
  S3_ENDPOINT: `http://127.0.0.1:${stack.ports.s3}`,
  S3_BUCKET: BUCKET,
  S3_ACCESS_KEY: S3_KEYS.accessKey,
  S3_SECRET_KEY: S3_KEYS.secretKey,
});

/** `npm run backup|restore -- <folder>` as an operator runs it. */
function npmRun(script: 'backup' | 'restore', folder: string): string {
  const result = spawnSync('npm', ['run', '--silent', script, '--', folder], { cwd: ROOT, env: appEnv(), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run ${script} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

async function onDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  stack = await startTestStack();
  backupDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'flohmarkt-backup-')), 'backup');
  olga = new HttpSession(stack.publicUrl);
  await olga.signIn(OLGA);
  ids.organiser = (await must(olga, 'GET', '/api/auth/user')).id;

  const start = new Date(Date.now() + 5 * DAY_MS);
  start.setUTCHours(8, 0, 0, 0);
  for (const [name, location, latitude, longitude] of [
    ['Hofflohmarkt Prenzlauer Berg', 'Kollwitzplatz, 10405 Berlin', 52.5365, 13.4176],
    ['Kölner Kinderflohmarkt', 'Neumarkt, 50667 Köln', 50.9364, 6.9472],
  ] as const) {
    const event = await must(olga, 'POST', '/api/events', {
      name,
      location,
      latitude,
      longitude,
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 7 * 3_600_000).toISOString(),
      description: 'Trödel und Bücher.',
    });
    ids.events.push(event.id);
    const stand = await must(olga, 'POST', `/api/events/${event.id}/guest-stands`, {
      guestFirstName: 'Gustav',
      guestLastName: 'Gärtner',
      standNumber: '1',
      description: 'Bücher und Schallplatten.',
      categories: ['Bücher'],
      foodCategories: [],
      activityCategories: [],
      latitude: latitude + 0.0002,
      longitude: longitude + 0.0002,
    });
    await must(olga, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
    ids.stands.push(stand.id);
  }
  for (const [i, standId] of ids.stands.entries()) {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: i === 0 ? '#c0392b' : '#2980b9' } })
      .jpeg()
      .toBuffer();
    const answer = await must<{ photos: string[] }>(olga, 'POST', `/api/stands/${standId}/photos`, {
      photoData: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      fileName: 'stand.jpg',
    });
    photos.push(answer.photos[0]);
  }
  // Every photo processed, and the stand reads saying so, before anything is recorded.
  for (const [i, standId] of ids.stands.entries()) {
    await until(
      `the photo of stand ${i + 1} is ready`,
      async () => {
        const read = (await anonymous(`/api/stands/${standId}`)) as { photoStates: Array<{ state: string }> };
        return read.photoStates.length === 1 && read.photoStates[0].state === 'ready' && (await fetch(`${stack.publicUrl}${photos[i]}`)).ok;
      },
      45_000,
      300,
    );
  }
  before = await whatVisitorsSee();
});

afterAll(async () => {
  await stack?.stop();
  if (backupDir) rmSync(path.dirname(backupDir), { recursive: true, force: true });
});

describe('backup and restore (docs/operations.md)', () => {
  it('backs up the database and every object of the bucket while the product runs', () => {
    npmRun('backup', backupDir);
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as { objects: Array<{ key: string; size: number }> };
    // Each stand's photo (every size the worker made) is in the copy.
    for (const standId of ids.stands) expect(manifest.objects.some((o) => o.key.startsWith(`stands/${standId}/`))).toBe(true);
    expect(manifest.objects.every((o) => o.size > 0)).toBe(true);
    expect(readFileSync(path.join(backupDir, 'database.dump')).subarray(0, 5).toString()).toBe('PGDMP');
    // Everyone's personal data: the backup is its owner's alone.
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    for (const file of ['database.dump', 'manifest.json', path.join('bucket', ...manifest.objects[0].key.split('/'))]) {
      expect(statSync(path.join(backupDir, file)).mode & 0o777, file).toBe(0o600);
    }
  });

  it('after a wipe of database and bucket, the restore brings back the same events, stands and photos', async () => {
    for (const name of APPS) await stack.group.stopOne(stack.entries[name] as ChildEntry);

    // The disaster: every schema and every object gone.
    await onDatabase(async (client) => {
      const { rows } = await client.query<{ name: string }>(
        `SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
      );
      for (const { name } of rows) await client.query(`DROP SCHEMA "${name}" CASCADE`);
      await client.query('CREATE SCHEMA public');
    });
    const s3 = s3Client({ endpoint: appEnv().S3_ENDPOINT, ...S3_KEYS, region: 'us-east-1' });
    const keys: string[] = await listKeys(s3, BUCKET);
    await s3.removeObjects(BUCKET, keys);
    expect(await listKeys(s3, BUCKET)).toEqual([]);
    expect(await onDatabase(async (c) => (await c.query(`SELECT to_regclass('events.events') AS t`)).rows[0].t)).toBeNull();

    npmRun('restore', backupDir);
    for (const name of APPS) stack.entries[name] = stack.group.restart(stack.entries[name] as ChildEntry);
    // The gateway answers its health at once and the rest once it has seen every service up.
    await until('the product answers again', async () => (await fetch(`${stack.publicUrl}/api/events/${ids.events[0]}`)).status !== 503, 90_000, 500);

    expect((await listKeys(s3, BUCKET)).sort()).toEqual([...keys].sort());
    expect(await whatVisitorsSee()).toEqual(before);
    const list = (await anonymous('/api/events')) as Array<{ id: string }> | { items: Array<{ id: string }> };
    const listed = (Array.isArray(list) ? list : list.items).map((e) => e.id);
    for (const id of ids.events) expect(listed).toContain(id);

    // Sessions lived in Redis, not in the backup: the organiser signs in again, to the same account.
    const again = new HttpSession(stack.publicUrl);
    await again.signIn(OLGA);
    expect((await must(again, 'GET', '/api/auth/user')).id).toBe(ids.organiser);
    expect((await must<{ name: string }>(again, 'GET', `/api/events/${ids.events[0]}`)).name).toBe('Hofflohmarkt Prenzlauer Berg');
  }, 180_000);
});
