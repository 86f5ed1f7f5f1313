import type { Job } from 'bullmq';
import type { z } from 'zod';

/*
 * Background work that no message starts: a periodic job (a sweep, a daily run) or a job another
 * process enqueues (media's photo processing). Reactions to another service's change are not
 * declared here: they are handlers of the durable consumer (messaging/consumer.ts).
 */

/** When a job runs by itself: every so many milliseconds, or at a cron pattern in Berlin time. */
export type JobSchedule = { everyMs: number } | { cron: string };

/** Attempts of one run, exponential backoff from `backoffMs` between them. */
interface JobRetry {
  attempts: number;
  backoffMs: number;
}

/** What a run is handed besides its payload. */
interface JobRun {
  /**
   * Aborted at the job's deadline and when the process stops: a run that works through a list
   * checks it between items and leaves the rest to the next run.
   */
  signal: AbortSignal;
  /** The number of this attempt, 1 for the first. */
  attempt: number;
}

/** The part of a job that producer and worker share: its name, payload and attempts. */
export interface JobKind<P = void> {
  /** Unique in its queue; a periodic job's scheduler id too, so every replica upserts the same one. */
  name: string;
  /** Parsed at the worker before the run (ids as ZId); a payload that does not parse fails at once, never retried. */
  payload?: z.ZodType<P>;
  /** Default: one attempt (a periodic job's next tick is its retry). */
  retry?: JobRetry;
}

/** One background job as the runtime runs it (background-worker.ts). */
export interface BackgroundJob<P = void> extends JobKind<P> {
  /** Absent: the job runs only when enqueued (BackgroundQueue). */
  schedule?: JobSchedule;
  /** The signal of a run that takes longer is aborted (default 5 minutes). */
  deadlineMs?: number;
  /** The work. Idempotent: a run may repeat after a crash, and a replica may run the next tick. */
  run(payload: P, context: JobRun): Promise<unknown>;
  /** Called instead of failing when the last attempt failed, with the error's message. */
  giveUp?(payload: P, reason: string): Promise<unknown>;
  /**
   * Errors that say "not now" about something the job needs (a store, the database): the job waits
   * `retryMs` and runs again without using an attempt, so an outage delays work and never loses it.
   */
  waitsOut?: { isDown(err: unknown): boolean; retryMs: number };
}

export const DEFAULT_JOB_DEADLINE_MS = 5 * 60_000;

/** BullMQ's attempts and backoff of a job kind. */
export function retryOptions(kind: Pick<JobKind<unknown>, 'retry'>): { attempts: number; backoff?: { type: 'exponential'; delay: number } } {
  if (!kind.retry) return { attempts: 1 };
  return { attempts: kind.retry.attempts, backoff: { type: 'exponential', delay: kind.retry.backoffMs } };
}

/** The payload of a job as the declaration types it; a job without a schema gets none. */
export function parsePayload<P>(kind: JobKind<P>, job: Pick<Job, 'data'>): { ok: true; payload: P } | { ok: false; error: string } {
  if (!kind.payload) return { ok: true, payload: undefined as P };
  const parsed = kind.payload.safeParse(job.data);
  if (parsed.success) return { ok: true, payload: parsed.data };
  return { ok: false, error: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ') };
}
