import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZId } from '@flohmarkt/contracts';
import { JsonLogger } from '../logger.js';
import { bullConnection, bullPrefix } from '../messaging/redis.js';
import type { BackgroundJob, JobKind } from './background-job.js';
import { BackgroundQueue } from './background-queue.js';
import { type BackgroundWorker, startBackgroundWorker } from './background-worker.js';

const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = bullPrefix(`background-it-${randomBytes(4).toString('hex')}:`);
const logger = new JsonLogger('background-spec', 'error');
const running: { close(): Promise<void> }[] = [];
let queueNumber = 0;

afterEach(async () => {
  for (const handle of running.splice(0).reverse()) await handle.close();
});
afterAll(async () => {
  const keys = await connection.keys(`${prefix}*`);
  if (keys.length) await connection.del(...keys);
  await connection.quit();
});

function freshQueueName(): string {
  return `background-spec-${++queueNumber}`;
}

function start(queueName: string, jobs: BackgroundJob<never>[], concurrency?: number): BackgroundWorker {
  const worker = startBackgroundWorker(queueName, jobs as BackgroundJob<unknown>[], { connection, prefix, logger, concurrency });
  running.push(worker);
  return worker;
}

function producer(queueName: string): BackgroundQueue {
  const queue = new BackgroundQueue(queueName, { connection, prefix }, 5_000);
  running.push(queue);
  return queue;
}

function inspect(queueName: string): Queue {
  const queue = new Queue(queueName, { connection, prefix });
  running.push(queue);
  return queue;
}

const PhotoLike: JobKind<{ photoId: string }> = { name: 'PhotoLike', payload: z.object({ photoId: ZId }), retry: { attempts: 3, backoffMs: 50 } };

describe('the background runtime', () => {
  it('runs a periodic job once per tick across two replicas, from one scheduler', async () => {
    const queueName = freshQueueName();
    const runs: string[] = [];
    const sweep = (replica: string): BackgroundJob<never> => ({
      name: 'Sweep',
      schedule: { everyMs: 200 },
      run: async () => {
        runs.push(replica);
      },
    });
    const first = start(queueName, [sweep('a')]);
    const second = start(queueName, [sweep('b')]);
    await Promise.all([first.scheduled, second.scheduled]);
    const since = Date.now();
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(6);
    const elapsed = Date.now() - since;
    // Two workers each running every tick would make twice as many runs as ticks.
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 1);
    expect(await inspect(queueName).getJobSchedulers()).toHaveLength(1);
  });

  it('runs a job beside a long run of another in the same process', async () => {
    const queueName = freshQueueName();
    const quickRuns: number[] = [];
    let slowRunning = false;
    start(queueName, [
      {
        name: 'Slow',
        schedule: { everyMs: 60_000 },
        run: async () => {
          slowRunning = true;
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          slowRunning = false;
        },
      },
      {
        name: 'Quick',
        schedule: { everyMs: 200 },
        run: async () => {
          if (slowRunning) quickRuns.push(Date.now());
        },
      },
    ]);
    await expect.poll(() => quickRuns.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
  });

  it('removes the schedule of a job no longer declared', async () => {
    const queueName = freshQueueName();
    const old = start(queueName, [{ name: 'Renamed', schedule: { cron: '30 3 * * *' }, run: async () => undefined }]);
    await old.scheduled;
    await old.close();
    const renamed = start(queueName, [{ name: 'Daily', schedule: { cron: '30 3 * * *' }, run: async () => undefined }]);
    await renamed.scheduled;
    const schedulers = await inspect(queueName).getJobSchedulers();
    expect(schedulers.map((s) => [s.key, s.pattern, s.tz])).toEqual([['Daily', '30 3 * * *', 'Europe/Berlin']]);
  });

  it('registers its schedules again when Redis comes back without them', async () => {
    const own = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queueName = freshQueueName();
    const worker = startBackgroundWorker(queueName, [{ name: 'Daily', schedule: { cron: '30 3 * * *' }, run: async () => undefined }], {
      connection: own,
      prefix,
      logger,
    });
    running.push({ close: () => own.quit().then(() => undefined) }, worker);
    await worker.scheduled;
    const queue = inspect(queueName);
    await queue.removeJobScheduler('Daily'); // as a Redis restarted without its data
    expect(await queue.getJobSchedulers()).toEqual([]);
    own.disconnect(true);
    await expect.poll(async () => (await queue.getJobSchedulers()).map((s) => s.key)).toEqual(['Daily']);
  });

  it('never removes at a reconnect the schedule a newer version added (a rolling deploy)', async () => {
    const own = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queueName = freshQueueName();
    const older = startBackgroundWorker(queueName, [{ name: 'Daily', schedule: { cron: '30 3 * * *' }, run: async () => undefined }], {
      connection: own,
      prefix,
      logger,
    });
    running.push({ close: () => own.quit().then(() => undefined) }, older);
    await older.scheduled;
    const queue = inspect(queueName);
    await queue.upsertJobScheduler('Weekly', { pattern: '0 4 * * 1', tz: 'Europe/Berlin' }, { name: 'Weekly', data: {} });
    await queue.removeJobScheduler('Daily'); // the reconnect below must bring it back, and only add
    own.disconnect(true);
    await expect.poll(async () => (await queue.getJobSchedulers()).map((s) => s.key).sort()).toEqual(['Daily', 'Weekly']);
  });

  it('runs an enqueued job with its parsed payload, and fails one whose id is not a UUID without running or retrying it', async () => {
    const queueName = freshQueueName();
    const seen: string[] = [];
    start(queueName, [{ ...PhotoLike, run: async ({ photoId }: { photoId: string }) => void seen.push(photoId) } as BackgroundJob<never>]);
    const photoId = randomUUID();
    await producer(queueName).add(PhotoLike, { photoId }, photoId);
    await expect.poll(() => seen).toEqual([photoId]);

    // A producer checks the payload too; this one slips past it, as an older producer's might.
    const raw = inspect(queueName);
    await raw.add('PhotoLike', { photoId: 'photo-1' }, { jobId: 'bad', attempts: 3 });
    await expect.poll(() => raw.getJobState('bad')).toBe('failed');
    const bad = await raw.getJob('bad');
    expect(bad?.attemptsMade).toBe(1);
    expect(bad?.failedReason).toMatch(/bad payload of PhotoLike: photoId/);
    expect(seen).toEqual([photoId]);
    await expect(producer(queueName).add(PhotoLike, { photoId: 'photo-1' }, 'refused')).rejects.toThrow();
  });

  it('retries with backoff and gives up on the last attempt instead of failing', async () => {
    const queueName = freshQueueName();
    const attempts: number[] = [];
    const gaveUp: string[] = [];
    start(queueName, [
      {
        ...PhotoLike,
        run: async (_payload: { photoId: string }, { attempt }: { attempt: number }) => {
          attempts.push(attempt);
          throw new Error(`broken at attempt ${attempt}`);
        },
        giveUp: async (_payload: { photoId: string }, reason: string) => void gaveUp.push(reason),
      } as BackgroundJob<never>,
    ]);
    const photoId = randomUUID();
    await producer(queueName).add(PhotoLike, { photoId }, photoId);
    await expect.poll(() => inspect(queueName).getJobState(photoId)).toBe('completed');
    expect(attempts).toEqual([1, 2, 3]);
    expect(gaveUp).toEqual(['broken at attempt 3']);
  });

  it('lets a job wait out a dependency that is down without using an attempt', async () => {
    const queueName = freshQueueName();
    const attempts: number[] = [];
    start(queueName, [
      {
        ...PhotoLike,
        retry: { attempts: 1, backoffMs: 50 },
        waitsOut: { isDown: (err: unknown) => (err as Error).message === 'store down', retryMs: 100 },
        run: async (_payload: { photoId: string }, { attempt }: { attempt: number }) => {
          attempts.push(attempt);
          if (attempts.length < 4) throw new Error('store down');
          return 'done';
        },
      } as BackgroundJob<never>,
    ]);
    const photoId = randomUUID();
    await producer(queueName).add(PhotoLike, { photoId }, photoId);
    await expect.poll(() => inspect(queueName).getJobState(photoId)).toBe('completed');
    // Four runs on a job of one attempt: the three outages used none.
    expect(attempts).toHaveLength(4);
  });

  it('aborts a run at its deadline, and at close after the run has finished its item', async () => {
    const queueName = freshQueueName();
    const items: string[] = [];
    const worker = start(queueName, [
      {
        name: 'Long',
        deadlineMs: 300,
        schedule: { everyMs: 60_000 },
        run: async (_payload: never, { signal }: { signal: AbortSignal }) => {
          for (let item = 1; item <= 100 && !signal.aborted; item++) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            items.push(`item ${item}`);
          }
          items.push(signal.aborted ? 'stopped' : 'all done');
        },
      } as BackgroundJob<never>,
    ]);
    await expect.poll(() => items.at(-1), { timeout: 5_000 }).toBe('stopped');
    expect(items.length).toBeLessThan(20);

    const closing = freshQueueName();
    const closed: string[] = [];
    const stopping = start(closing, [
      {
        name: 'Long',
        schedule: { everyMs: 60_000 },
        run: async (_payload: never, { signal }: { signal: AbortSignal }) => {
          for (let item = 1; item <= 100 && !signal.aborted; item++) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            closed.push(`item ${item}`);
          }
          closed.push(signal.aborted ? 'stopped' : 'all done');
        },
      } as BackgroundJob<never>,
    ]);
    await expect.poll(() => closed.length, { timeout: 5_000 }).toBeGreaterThan(2);
    await stopping.close();
    expect(closed.at(-1)).toBe('stopped');
    expect(worker.isRunning()).toBe(true);
  });
});
