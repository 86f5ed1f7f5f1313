import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@flohmarkt/contracts';
import { JsonLogger } from '../logger.js';
import { type FreshDatabase, freshDatabase } from '../test-support/fresh-database.js';
import { OutboxMessageEntity, createOutboxTableSql } from './outbox.entity.js';
import { OutboxRelay, publish } from './outbox.js';
import { bullConnection, bullPrefix } from './redis.js';

class CreateOutbox1700000000000 implements MigrationInterface {
  name = 'CreateOutbox1700000000000';
  async up(q: QueryRunner): Promise<void> {
    for (const sql of createOutboxTableSql()) await q.query(sql);
  }
  async down(): Promise<void> {}
}

// Polls far apart: a message that arrives within seconds came by notification.
const NEVER_POLL = { intervalMs: 600_000, listeningIntervalMs: 600_000 };
const PROMPTLY_MS = 8000;

const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = bullPrefix(`relay-it-${randomBytes(4).toString('hex')}:`);
const mediaQueue = new Queue(QUEUES.media, { connection, prefix });
const logger = new JsonLogger('relay-spec', 'error');
let database: FreshDatabase;
let relay: OutboxRelay | null = null;

beforeAll(async () => {
  database = await freshDatabase({ schema: 'relay_spec', entities: [OutboxMessageEntity], migrations: [CreateOutbox1700000000000] });
});
afterEach(async () => {
  await relay?.stop();
  relay = null;
  await mediaQueue.obliterate({ force: true });
  await database.ds.getRepository(OutboxMessageEntity).clear();
});
afterAll(async () => {
  await mediaQueue.close();
  await connection.quit();
  await database?.drop();
});

function startRelay(options: Partial<{ intervalMs: number; listeningIntervalMs: number }>): OutboxRelay {
  relay = new OutboxRelay({ dataSource: database.ds, connection, prefix, logger, ...options });
  relay.start();
  return relay;
}

/** Stand ids are UUIDs (ZId): the tests name each stand by a label and read the labels back off the queue. */
const standIds = new Map<string, string>();
function standIdOf(label: string): string {
  if (!standIds.has(label)) standIds.set(label, randomUUID());
  return standIds.get(label)!;
}
const labelOf = (standId: string) => [...standIds].find(([, id]) => id === standId)?.[0] ?? standId;

const standDeleted = (label: string) => database.ds.transaction((m) => publish(m, 'StandDeleted', { standId: standIdOf(label) }));

/** The stand ids of the jobs on the media queue, once `count` are there (or whatever is there after the wait). */
async function jobsOnQueue(count: number, waitMs = PROMPTLY_MS): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const jobs = await mediaQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    if (jobs.length >= count || Date.now() > deadline) return jobs.map((j) => labelOf((j.data as { standId: string }).standId)).sort();
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The relay removes a row right after the queue has taken its job: a test that has seen the job polls for this. */
async function outboxRows(): Promise<number> {
  return database.ds.getRepository(OutboxMessageEntity).count();
}

describe('outbox relay', () => {
  it('sends a committed message at once, announced by PostgreSQL, and one rolled back never', async () => {
    startRelay(NEVER_POLL);
    await expect(
      database.ds.transaction(async (m) => {
        await publish(m, 'StandDeleted', { standId: standIdOf('rolled-back') });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await standDeleted('first');
    expect(await jobsOnQueue(1)).toEqual(['first']);
    await standDeleted('second');
    expect(await jobsOnQueue(2)).toEqual(['first', 'second']);
    await expect.poll(outboxRows, { timeout: PROMPTLY_MS }).toBe(0);
  });

  it('sends every message of a transaction that publishes several, and those of the next one', async () => {
    startRelay(NEVER_POLL);
    await database.ds.transaction(async (m) => {
      for (const label of ['a', 'b', 'c']) await publish(m, 'StandDeleted', { standId: standIdOf(label) });
    });
    expect(await jobsOnQueue(3)).toEqual(['a', 'b', 'c']);
    await standDeleted('d');
    expect(await jobsOnQueue(4)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reconnects when its listening connection is cut, and sends what was committed meanwhile', async () => {
    startRelay(NEVER_POLL);
    await standDeleted('before');
    expect(await jobsOnQueue(1)).toEqual(['before']);
    const cut = await database.ds.query(
      `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    expect(cut).toHaveLength(1);
    await standDeleted('while-cut');
    expect(await jobsOnQueue(2)).toEqual(['before', 'while-cut']);
    await standDeleted('after');
    expect(await jobsOnQueue(3)).toEqual(['after', 'before', 'while-cut']);
  });

  it('still sends rows written without a notification (by an older replica), by polling', async () => {
    startRelay({ intervalMs: 600_000, listeningIntervalMs: 300 });
    await expect
      .poll(() => database.ds.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`), { timeout: PROMPTLY_MS })
      .toHaveLength(1);
    await database.ds.getRepository(OutboxMessageEntity).insert({ queue: QUEUES.media, name: 'StandDeleted', payload: { standId: standIdOf('silent') } });
    expect(await jobsOnQueue(1)).toEqual(['silent']);
    await expect.poll(outboxRows, { timeout: PROMPTLY_MS }).toBe(0);
  });
});
