import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppMetrics } from '../metrics.js';
import { OutboxMessageEntity } from './outbox.entity.js';

/** The states an operator acts on: waiting is the depth, failed have used up their attempts. */
const WATCHED_JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export interface WatchedQueues {
  /** Stops sampling, drops the series and closes the queue handles (not the connection). */
  stop(): Promise<void>;
}

/**
 * Exports `flohmarkt_queue_jobs{queue,state}` for the named queues at every scrape (one
 * getJobCounts each). While the connection is not ready the queues are left out of the scrape:
 * commands would wait for the reconnect and pile up, one set per scrape.
 */
export function watchQueues(metrics: AppMetrics, options: { connection: Redis; prefix: string; queues: readonly string[] }): WatchedQueues {
  const queues = options.queues.map((name) => {
    const queue = new Queue(name, { connection: options.connection, prefix: options.prefix });
    queue.on('error', () => undefined); // the connection's owner reports Redis problems
    return queue;
  });
  const remove = metrics.addSampler(async () => {
    if (options.connection.status !== 'ready') throw new Error('Redis not ready');
    await Promise.all(
      queues.map(async (queue) => {
        const counts = await queue.getJobCounts(...WATCHED_JOB_STATES);
        for (const state of WATCHED_JOB_STATES) metrics.queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
    );
  });
  return {
    async stop() {
      remove();
      for (const queue of queues) for (const state of WATCHED_JOB_STATES) metrics.queueJobs.remove({ queue: queue.name, state });
      await Promise.all(queues.map((queue) => queue.close()));
    },
  };
}

/**
 * Exports the outbox lag of the data source's schema at every scrape: `flohmarkt_outbox_pending`
 * (rows not yet relayed) and `flohmarkt_outbox_oldest_age_seconds` (0 when none waits). A row
 * stays until its job is on the queue, so the age is how long the relay has been behind.
 * Answers the function that stops it.
 */
export function watchOutbox(metrics: AppMetrics, dataSource: DataSource): () => void {
  const schema = (dataSource.driver as { schema?: string }).schema ?? 'public';
  const remove = metrics.addSampler(async () => {
    const lag = await dataSource
      .getRepository(OutboxMessageEntity)
      .createQueryBuilder('m')
      .select('count(*)::int', 'pending')
      .addSelect('coalesce(extract(epoch from now() - min(m.created_at)), 0)::float8', 'oldest')
      .getRawOne<{ pending: number; oldest: number }>();
    metrics.outboxPending.set({ schema }, lag?.pending ?? 0);
    metrics.outboxOldestAge.set({ schema }, lag?.oldest ?? 0);
  });
  return () => {
    remove();
    metrics.outboxPending.remove({ schema });
    metrics.outboxOldestAge.remove({ schema });
  };
}
