import { randomBytes, randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@flohmarkt/contracts';
import { JsonLogger } from '../logger.js';
import { AppMetrics } from '../metrics.js';
import { type FreshDatabase, freshDatabase } from '../test-support/fresh-database.js';
import { OutboxMessageEntity, createOutboxTableSql } from './outbox.entity.js';
import { OutboxRelay, publish } from './outbox.js';
import { bullConnection, bullPrefix } from './redis.js';
import { watchOutbox, watchQueues } from './seam-metrics.js';

class CreateOutbox1700000000000 implements MigrationInterface {
  name = 'CreateOutbox1700000000000';
  async up(q: QueryRunner): Promise<void> {
    for (const sql of createOutboxTableSql()) await q.query(sql);
  }
  async down(): Promise<void> {}
}

const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = bullPrefix(`seam-it-${randomBytes(4).toString('hex')}:`);
const mediaQueue = new Queue(QUEUES.media, { connection, prefix });
const standsQueue = new Queue(QUEUES.stands, { connection, prefix });
const metrics = new AppMetrics('seam-spec');
let database: FreshDatabase;
const cleanUps: (() => Promise<unknown> | unknown)[] = [];

beforeAll(async () => {
  database = await freshDatabase({ schema: 'seam_spec', entities: [OutboxMessageEntity], migrations: [CreateOutbox1700000000000] });
});
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  await mediaQueue.obliterate({ force: true });
  await standsQueue.obliterate({ force: true });
  await database.ds.getRepository(OutboxMessageEntity).clear();
});
afterAll(async () => {
  await mediaQueue.close();
  await standsQueue.close();
  await connection.quit();
  await database?.drop();
});

/** The value of one series in the Prometheus text, undefined when the scrape does not carry it. */
async function scraped(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const text = await metrics.registry.metrics();
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const has = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const jobs = (queue: string, state: string) => scraped('flohmarkt_queue_jobs', { queue, state, app: 'seam-spec' });

describe('seam metrics', () => {
  it('shows a message waiting in the outbox with its age, and nothing once the relay has sent it', async () => {
    cleanUps.push(watchOutbox(metrics, database.ds));
    expect(await scraped('flohmarkt_outbox_pending', { schema: 'seam_spec' })).toBe(0);
    expect(await scraped('flohmarkt_outbox_oldest_age_seconds', { schema: 'seam_spec' })).toBe(0);

    // Written 90 s ago and not relayed since (no relay runs), next to a fresh one. A message with one
    // consumer (OrganizerAppointed → auth), so each publish is one outbox row.
    await database.ds.transaction((m) => publish(m, 'OrganizerAppointed', { userId: randomUUID() }));
    await database.ds.query(`UPDATE "seam_spec"."outbox" SET created_at = now() - interval '90 seconds'`);
    await database.ds.transaction((m) => publish(m, 'OrganizerAppointed', { userId: randomUUID() }));
    expect(await scraped('flohmarkt_outbox_pending', { schema: 'seam_spec', app: 'seam-spec' })).toBe(2);
    const age = await scraped('flohmarkt_outbox_oldest_age_seconds', { schema: 'seam_spec', app: 'seam-spec' });
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);

    const relay = new OutboxRelay({ dataSource: database.ds, connection, prefix, logger: new JsonLogger('seam-spec', 'error') });
    expect(await relay.relayBatch()).toBe(2);
    expect(await scraped('flohmarkt_outbox_pending', { schema: 'seam_spec' })).toBe(0);
    expect(await scraped('flohmarkt_outbox_oldest_age_seconds', { schema: 'seam_spec' })).toBe(0);
  });

  it('counts the jobs of each watched queue that wait, run, wait for a retry and failed', async () => {
    const watched = watchQueues(metrics, { connection, prefix, queues: [QUEUES.media, QUEUES.stands] });
    cleanUps.push(() => watched.stop());
    for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(await jobs(QUEUES.media, state)).toBe(0);

    await mediaQueue.add('StandDeleted', { standId: 'a' });
    await mediaQueue.add('StandDeleted', { standId: 'b' });
    await mediaQueue.add('StandDeleted', { standId: 'later' }, { delay: 60_000 });

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const worker = new Worker(
      QUEUES.stands,
      async (job) => {
        if (job.name === 'Fails') throw new Error('the handler fails');
        await held;
      },
      { connection, prefix, concurrency: 1 },
    );
    cleanUps.push(
      () => worker.close(true),
      () => release(),
    );
    await standsQueue.add('Fails', {}, { attempts: 1 });
    await expect.poll(() => jobs(QUEUES.stands, 'failed')).toBe(1);
    await standsQueue.add('Holds', {});
    await expect.poll(() => jobs(QUEUES.stands, 'active')).toBe(1);

    expect(await jobs(QUEUES.media, 'waiting')).toBe(2);
    expect(await jobs(QUEUES.media, 'delayed')).toBe(1);
    expect(await jobs(QUEUES.media, 'active')).toBe(0);
    expect(await jobs(QUEUES.stands, 'waiting')).toBe(0);

    await watched.stop();
    expect(await jobs(QUEUES.media, 'waiting')).toBeUndefined();
  });

  it('still answers a scrape promptly while Redis is unreachable, without the queue figures', async () => {
    const unreachable = bullConnection('redis://127.0.0.1:1');
    unreachable.on('error', () => undefined);
    const watched = watchQueues(metrics, { connection: unreachable, prefix, queues: [QUEUES.media] });
    cleanUps.push(
      () => unreachable.disconnect(),
      () => watched.stop(),
    );
    cleanUps.push(watchOutbox(metrics, database.ds));

    const started = Date.now();
    expect(await jobs(QUEUES.media, 'waiting')).toBeUndefined();
    expect(await scraped('flohmarkt_outbox_pending', { schema: 'seam_spec' })).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
