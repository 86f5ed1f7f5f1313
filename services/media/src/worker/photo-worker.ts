import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JsonLogger } from '@flohmarkt/server-kit';
import { PHOTO_JOBS, PHOTO_JOB_MAX_STALLED, PHOTO_QUEUE, type TPhotoJobName, type TPhotoJobPayload } from '../photos/photo-jobs.js';
import { isDependencyDown } from './dependency-errors.js';

export type PhotoJobHandlers = {
  [N in TPhotoJobName]: {
    run: (payload: TPhotoJobPayload<N>) => Promise<unknown>;
    /** The last attempt failed with an error a retry did not fix. */
    giveUp: (payload: TPhotoJobPayload<N>, reason: string) => Promise<unknown>;
  };
};

export interface PhotoWorkerOptions {
  connection: Redis;
  prefix: string;
  logger: JsonLogger;
  concurrency: number;
  lockMs: number;
  dependencyRetryMs: number;
}

/**
 * The worker side of `media-photos`. Every job name of the catalogue has exactly one handler, or
 * it refuses to start. A job whose dependency is down moves back to the delayed set without using
 * an attempt; any other error uses the attempts with exponential backoff, and the last one gives up.
 * A worker that dies mid-job loses its lock after `lockMs`; the next worker takes the job over.
 */
export function startPhotoWorker(handlers: PhotoJobHandlers, options: PhotoWorkerOptions): Worker {
  const table = handlers as unknown as Record<string, PhotoJobHandlers[TPhotoJobName]>;
  const expected = Object.keys(PHOTO_JOBS);
  const missing = expected.filter((name) => typeof table[name]?.run !== 'function');
  const extra = Object.keys(table).filter((name) => !expected.includes(name));
  if (missing.length || extra.length) throw new Error(`photo worker: missing handlers [${missing.join(', ')}], unknown handlers [${extra.join(', ')}]`);

  const worker = new Worker(
    PHOTO_QUEUE,
    async (job: Job, token?: string) => {
      const name = job.name as TPhotoJobName;
      const parsed = PHOTO_JOBS[name]?.safeParse(job.data);
      if (!parsed?.success) throw new UnrecoverableError(`bad job ${job.name}: ${JSON.stringify(job.data)}`);
      const started = Date.now();
      try {
        const result = await table[name].run(parsed.data);
        options.logger.write('info', 'job done', { queue: PHOTO_QUEUE, job: name, jobId: job.id, result, ms: Date.now() - started });
        return result;
      } catch (thrown) {
        let err = thrown;
        if (!isDependencyDown(err) && job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
          try {
            return await table[name].giveUp(parsed.data, (err as Error).message);
          } catch (giveUpError) {
            // Giving up needs the stands service and the store too; if they are down, the job waits.
            err = giveUpError;
          }
        }
        if (isDependencyDown(err)) {
          options.logger.write('warn', 'job waits for a dependency', { job: name, jobId: job.id, error: (err as Error).message });
          await job.moveToDelayed(Date.now() + options.dependencyRetryMs, token);
          throw new DelayedError();
        }
        throw err;
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
      maxStalledCount: PHOTO_JOB_MAX_STALLED,
    },
  );
  worker.on('failed', (job, err) =>
    options.logger.write('warn', 'job failed', { job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, error: err.message }),
  );
  worker.on('error', (err) => options.logger.write('warn', 'queue connection problem', { error: err.message }));
  return worker;
}
