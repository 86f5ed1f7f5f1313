import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ZServiceEnv, env } from '@flohmarkt/server-kit';

/**
 * Measured with bench:photos on 2 cores (12 MP originals queued, the S3 server on the same cores):
 * 3 jobs keep the cores 93-95 % busy (14.4-15.3 photos/s), 2 jobs 87-89 % (13.1-14.3); while one job
 * waits for the store, another renders. 2 libvips threads per job keep a single photo quick (it is
 * served sooner at low load); with 3 jobs, 1 thread each does about as many photos a second.
 */
export const DEFAULT_WORKER_CONCURRENCY = 3;
export const DEFAULT_SHARP_CONCURRENCY = 2;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Variables of the media service and of its worker (both read the same bucket, queue and database). */
export const ZMediaEnv = ZServiceEnv.extend({
  PORT: env.port(8104),
  DATABASE_SCHEMA: z.string().default('media'),
  STANDS_SERVICE_URL: env.serviceUrls(),
  /** S3-compatible object store (MinIO, s3rver), addressed path-style. */
  S3_ENDPOINT: env.url(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name (lower case, 3-63 characters)'),
  S3_ACCESS_KEY: z.string().min(1, 'must not be empty'),
  S3_SECRET_KEY: z.string().min(1, 'must not be empty'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** How long one call to the object store may take before it counts as unreachable. */
  S3_TIMEOUT_MS: positiveInt(10_000),
  /** Images with more pixels (40 MP) are refused from their header (400), never decoded: decompression bombs included. */
  MAX_INPUT_PIXELS: positiveInt(40_000_000),
  /** libvips threads per image operation (sharp.concurrency). */
  SHARP_CONCURRENCY: positiveInt(DEFAULT_SHARP_CONCURRENCY),
  /** Photo jobs one worker process runs at the same time. */
  WORKER_CONCURRENCY: positiveInt(DEFAULT_WORKER_CONCURRENCY),
  /** BullMQ lock of a running job; a killed worker's job is taken over after about this long. */
  WORKER_LOCK_MS: positiveInt(30_000),
  /** Wait before trying a job again while the object store or the database is unreachable. */
  DEPENDENCY_RETRY_MS: positiveInt(5_000),
  /** How often the worker looks for photos that lost their job or their clean-up (crash between steps). */
  SWEEP_INTERVAL_MS: positiveInt(60_000),
  /** Uploads whose bodies (up to 16 MB each) this process holds at once, and per user; the rest wait (upload-slots.ts). */
  UPLOAD_CONCURRENCY: positiveInt(2),
  UPLOAD_CONCURRENCY_PER_USER: positiveInt(2),
  UPLOAD_QUEUE: z.coerce.number().int().min(0).default(32),
  UPLOAD_WAIT_MS: positiveInt(20_000),
  /** An upload's body must be complete this long after its slot was given, else 408 (the gateway sends it whole, at once). */
  UPLOAD_BODY_TIMEOUT_MS: positiveInt(30_000),
});
export type TMediaEnv = z.infer<typeof ZMediaEnv>;

/** The worker process: same variables, its own port for /health. */
export const ZMediaWorkerEnv = ZMediaEnv.extend({
  PORT: env.port(8105),
  /** Where the worker keeps the original of a job while it renders it (one file per running job). */
  WORKER_SCRATCH_DIR: z
    .string()
    .min(1)
    // libvips reads `[...]` in a file name as loader options.
    .refine((dir) => !/[[\]]/.test(dir), 'must not contain [ or ]')
    .default(path.join(tmpdir(), 'flohmarkt-photo-worker')),
});

export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');
