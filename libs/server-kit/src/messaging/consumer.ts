import { UnrecoverableError, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOB_PAYLOADS, jobsFor, QUEUES, type JOB_ROUTES, type TJobName, type TJobPayload, type TQueueOwner } from '@flohmarkt/contracts';
import type { JsonLogger } from '../logger.js';
import { parsePayload } from '../background/background-job.js';
import { appMetrics } from '../metrics.js';

export type JobHandlers<Owner extends TQueueOwner> = {
  [N in TJobName as Owner extends (typeof JOB_ROUTES)[N][number] ? N : never]: (payload: TJobPayload<N>) => Promise<void>;
};

/**
 * Consumes the queue of one service. Every job routed to this service must have exactly one
 * handler, or the consumer refuses to start. Handlers are idempotent: a job may run again after a
 * crash, and its result is the same.
 */
export function startConsumer<Owner extends TQueueOwner>(
  owner: Owner,
  handlers: JobHandlers<Owner>,
  options: {
    connection: Redis;
    prefix: string;
    logger: JsonLogger;
    concurrency?: number;
    /** Lock and stall settings, and the backoff of a capped retry policy (outbox.ts), where a consumer needs its own. */
    worker?: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount' | 'settings'>;
  },
): Worker {
  const expected = jobsFor(owner);
  const table = handlers as unknown as Record<string, (payload: unknown) => Promise<void>>;
  const missing = expected.filter((name) => typeof table[name] !== 'function');
  const extra = Object.keys(table).filter((name) => !expected.includes(name as TJobName));
  if (missing.length || extra.length) {
    throw new Error(`consumer ${owner}: missing handlers [${missing.join(', ')}], unknown handlers [${extra.join(', ')}]`);
  }
  const metrics = appMetrics(options.logger.service);
  const worker = new Worker(
    QUEUES[owner],
    async (job: Job) => {
      const schema = JOB_PAYLOADS[job.name as TJobName];
      const handler = table[job.name];
      if (!schema || !handler) throw new Error(`no handler for job ${job.name}`);
      // A payload that does not parse (an id that is no UUID) never will: it fails at once, not 12 times.
      const parsed = parsePayload<unknown>({ name: job.name, payload: schema }, job);
      if (!parsed.ok) {
        metrics.jobs.inc({ queue: QUEUES[owner], job: job.name, result: 'failed' });
        throw new UnrecoverableError(`bad payload of ${job.name}: ${parsed.error}`);
      }
      const started = Date.now();
      const end = metrics.jobDuration.startTimer({ queue: QUEUES[owner], job: job.name });
      try {
        await handler(parsed.payload);
        metrics.jobs.inc({ queue: QUEUES[owner], job: job.name, result: 'completed' });
      } catch (err) {
        metrics.jobs.inc({ queue: QUEUES[owner], job: job.name, result: 'failed' });
        throw err;
      } finally {
        end();
      }
      options.logger.write('info', 'job done', { queue: QUEUES[owner], job: job.name, jobId: job.id, ms: Date.now() - started });
    },
    { ...options.worker, connection: options.connection, prefix: options.prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on('failed', (job, err) =>
    options.logger.write('warn', 'job failed', { job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, error: err.message }),
  );
  worker.on('error', (err) => options.logger.write('warn', 'queue connection problem', { error: err.message }));
  return worker;
}
