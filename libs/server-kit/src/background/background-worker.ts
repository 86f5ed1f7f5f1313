import { DelayedError, type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { TIME_ZONE } from '@flohmarkt/contracts';
import type { JsonLogger } from '../logger.js';
import { appMetrics } from '../metrics.js';
import { watchQueues } from '../messaging/seam-metrics.js';
import { type BackgroundJob, DEFAULT_JOB_DEADLINE_MS, type JobSchedule, parsePayload, retryOptions } from './background-job.js';

interface BackgroundWorkerOptions {
  connection: Redis;
  prefix: string;
  logger: JsonLogger;
  /**
   * Runs at the same time in this process. Default: one per declared job, so that a long run (the
   * daily retention) never holds up the others; a run that overlaps its own next tick is safe,
   * since every job is idempotent.
   */
  concurrency?: number;
  /**
   * How long a run's lock holds without renewal: a process that dies mid-run loses its runs after
   * this, and another replica takes them over (default 30 s, BullMQ's).
   */
  lockMs?: number;
  /** Takeovers of a run whose process died before it counts as failed (default 1, BullMQ's). */
  maxStalledCount?: number;
}

export interface BackgroundWorker {
  /** Settles once every schedule is registered (Redis may be away at start: then later). */
  readonly scheduled: Promise<void>;
  isRunning(): boolean;
  /** Aborts the signals of runs in progress, waits for them to end, then closes the queue. */
  close(): Promise<void>;
}

/** Scheduled runs kept for inspection; older ones go. */
const KEPT_RUNS = { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } as const;

/**
 * The one runtime for background work (see ARCHITECTURE.md, "Background work: one template"): a
 * BullMQ worker for `queueName` that runs the declared jobs, and a job scheduler per periodic job.
 * The scheduler's id is the job's name, so every replica upserts the same scheduler and each tick
 * runs once across all of them; a schedule no longer declared is removed. Each run's payload is
 * parsed first (a bad one fails at once), its signal is aborted at its deadline and at close, it is
 * counted in `jobs_total`/`job_duration_seconds` like a consumed message, and the queue's jobs are
 * sampled into `flohmarkt_queue_jobs`.
 */
export function startBackgroundWorker(queueName: string, jobs: readonly BackgroundJob<unknown>[], options: BackgroundWorkerOptions): BackgroundWorker {
  const byName = new Map<string, BackgroundJob<unknown>>();
  for (const job of jobs) {
    if (byName.has(job.name)) throw new Error(`background queue ${queueName}: job ${job.name} declared twice`);
    byName.set(job.name, job);
  }
  const { logger } = options;
  const metrics = appMetrics(logger.service);
  const queue = new Queue(queueName, { connection: options.connection, prefix: options.prefix });
  queue.on('error', () => undefined); // the worker below reports Redis problems

  const worker = new Worker(queueName, (job: Job, token?: string, signal?: AbortSignal) => runJob(job, token, signal), {
    connection: options.connection,
    prefix: options.prefix,
    concurrency: options.concurrency ?? Math.max(1, jobs.length),
    ...(options.lockMs ? { lockDuration: options.lockMs, stalledInterval: options.lockMs } : {}),
    ...(options.maxStalledCount ? { maxStalledCount: options.maxStalledCount } : {}),
  });
  worker.on('failed', (job, err) =>
    logger.write('warn', 'job failed', { queue: queueName, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, error: err.message }),
  );
  worker.on('error', (err) => logger.write('warn', 'queue connection problem', { queue: queueName, error: err.message }));
  const figures = watchQueues(metrics, { connection: options.connection, prefix: options.prefix, queues: [queueName] });

  async function runJob(job: Job, token: string | undefined, stopped: AbortSignal | undefined): Promise<unknown> {
    const declared = byName.get(job.name);
    if (!declared) throw new UnrecoverableError(`background queue ${queueName} has no job ${job.name}`);
    const parsed = parsePayload(declared, job);
    if (!parsed.ok) {
      metrics.jobs.inc({ queue: queueName, job: job.name, result: 'failed' });
      throw new UnrecoverableError(`bad payload of ${job.name}: ${parsed.error}`);
    }
    const deadline = AbortSignal.timeout(declared.deadlineMs ?? DEFAULT_JOB_DEADLINE_MS);
    const signal = stopped ? AbortSignal.any([stopped, deadline]) : deadline;
    const attempt = job.attemptsMade + 1;
    const started = Date.now();
    const end = metrics.jobDuration.startTimer({ queue: queueName, job: job.name });
    try {
      const result = await runOrGiveUp(declared, parsed.payload, { signal, attempt }, attempt >= (job.opts.attempts ?? 1));
      metrics.jobs.inc({ queue: queueName, job: job.name, result: 'completed' });
      if (deadline.aborted)
        logger.write('warn', 'job stopped at its deadline', {
          queue: queueName,
          job: job.name,
          jobId: job.id,
          deadlineMs: declared.deadlineMs ?? DEFAULT_JOB_DEADLINE_MS,
        });
      // A periodic run every few seconds would fill the log; its work logs what it did.
      logger.write(declared.schedule ? 'debug' : 'info', 'job done', { queue: queueName, job: job.name, jobId: job.id, result, ms: Date.now() - started });
      return result;
    } catch (err) {
      if (declared.waitsOut?.isDown(err)) {
        logger.write('warn', 'job waits for a dependency', { queue: queueName, job: job.name, jobId: job.id, error: (err as Error).message });
        await job.moveToDelayed(Date.now() + declared.waitsOut.retryMs, token);
        throw new DelayedError(); // not an attempt, not a result
      }
      metrics.jobs.inc({ queue: queueName, job: job.name, result: 'failed' });
      throw err;
    } finally {
      end();
    }
  }

  let closing: Promise<void> | null = null;
  const register = (removeUndeclared: boolean): Promise<void> =>
    registerSchedules(queue, jobs, removeUndeclared).catch((err: Error) =>
      logger.write('error', 'job schedules not registered', { queue: queueName, error: err.message }),
    );
  const scheduled = register(true);
  // Schedules live in Redis: a Redis that comes back without its data (no AOF, a failover) gets
  // them again at the reconnect, not only at the next start. Only at the start does a replica remove
  // schedules it does not declare: at a reconnect during a rolling deploy an older replica would
  // otherwise remove a job the newer version has just added.
  const reregister = (): void => void register(false);
  options.connection.on('ready', reregister);
  return {
    scheduled,
    isRunning: () => worker.isRunning(),
    close() {
      closing ??= (async () => {
        options.connection.off('ready', reregister);
        worker.cancelAllJobs('the process stops');
        await worker.close();
        await figures.stop();
        // Not waiting for `scheduled`: while Redis is away it would wait as long.
        await queue.close();
      })();
      return closing;
    },
  };
}

/** Runs the job; on its last attempt a failure that is not a dependency's outage gives up instead, where the job says how. */
async function runOrGiveUp<P>(job: BackgroundJob<P>, payload: P, context: { signal: AbortSignal; attempt: number }, lastAttempt: boolean): Promise<unknown> {
  try {
    return await job.run(payload, context);
  } catch (err) {
    if (!job.giveUp || !lastAttempt || job.waitsOut?.isDown(err)) throw err;
    // Giving up may need the dependencies too; if they are down now, the job waits (waitsOut).
    return await job.giveUp(payload, (err as Error).message);
  }
}

/** Upserts the scheduler of every periodic job and, when asked, removes those of jobs no longer declared. */
async function registerSchedules(queue: Queue, jobs: readonly BackgroundJob<unknown>[], removeUndeclared: boolean): Promise<void> {
  const periodic = jobs.filter((job) => job.schedule);
  for (const job of periodic) {
    await queue.upsertJobScheduler(job.name, repeatOf(job.schedule!), { name: job.name, data: {}, opts: { ...retryOptions(job), ...KEPT_RUNS } });
  }
  if (!removeUndeclared) return;
  const declared = new Set(periodic.map((job) => job.name));
  for (const scheduler of await queue.getJobSchedulers()) {
    if (!declared.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
  }
}

function repeatOf(schedule: JobSchedule): { every: number } | { pattern: string; tz: string } {
  return 'everyMs' in schedule ? { every: schedule.everyMs } : { pattern: schedule.cron, tz: TIME_ZONE };
}
