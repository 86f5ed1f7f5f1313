import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { settleWithin } from '../settle-within.js';
import { type JobKind, retryOptions } from './background-job.js';

/** Redis did not take the job in time. */
export class QueueUnavailableError extends Error {}

/** Finished enqueued jobs are kept a while for inspection, then dropped. */
const KEPT_JOBS = {
  removeOnComplete: { age: 24 * 3600, count: 5_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/**
 * The producer side of a background queue: enqueues jobs that a background worker
 * (startBackgroundWorker) runs. The payload is checked against the job's schema here and again at
 * the worker. Every call has a deadline: while Redis is away BullMQ commands wait for it, a request
 * must not.
 */
export class BackgroundQueue {
  private readonly queue: Queue;

  constructor(
    name: string,
    options: { connection: Redis; prefix: string },
    private readonly timeoutMs: number,
  ) {
    this.queue = new Queue(name, options);
    this.queue.on('error', () => undefined); // reconnects by itself; callers see the timeout
  }

  /** Enqueues one job; a second call with the same job id is the same job while BullMQ keeps it. */
  async add<P>(kind: JobKind<P>, payload: P, jobId: string): Promise<void> {
    const data = kind.payload ? kind.payload.parse(payload) : {};
    await this.withDeadline(this.queue.add(kind.name, data, { jobId, ...retryOptions(kind), ...KEPT_JOBS }));
  }

  /** Removes a finished job, so that its id can be enqueued again. */
  async remove(jobId: string): Promise<void> {
    await this.withDeadline(this.queue.remove(jobId));
  }

  /** The job's state ('completed', 'failed', 'active', 'waiting', 'delayed', ...), 'missing' when the queue has none. */
  async state(jobId: string): Promise<string> {
    const state = await this.withDeadline(this.queue.getJobState(jobId));
    return state === 'unknown' ? 'missing' : state;
  }

  async close(): Promise<void> {
    await this.queue.close();
  }

  private withDeadline<T>(work: Promise<T>): Promise<T> {
    return settleWithin(work, this.timeoutMs, () => new QueueUnavailableError(`queue: no answer within ${this.timeoutMs} ms`));
  }
}
