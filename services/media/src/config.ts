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

/** Variables of the media service and of its worker (both read the same bucket, queue and database). */
export const ZMediaEnv = ZServiceEnv.extend({
  PORT: env.port(8104),
  DATABASE_SCHEMA: z.string().default('media'),
  STANDS_SERVICE_URL: env
    .serviceUrls()
    .describe("The stands service: whether a photo's stand exists and who may change it; several comma-separated URLs are used round-robin."),
  S3_ENDPOINT: env.url().describe('S3-compatible object store (MinIO, s3rver), addressed path-style.'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name (lower case, 3-63 characters)')
    .describe('The bucket of the photos.'),
  S3_ACCESS_KEY: z.string().min(1, 'must not be empty').describe('Access key of the object store.'),
  S3_SECRET_KEY: z.string().min(1, 'must not be empty').describe('Secret key of the object store.'),
  S3_REGION: z.string().min(1).default('us-east-1').describe("Region named in the object store's signatures."),
  S3_TIMEOUT_MS: env.positiveInt(10_000).describe('How long one call to the object store may take before it counts as unreachable.'),
  MAX_INPUT_PIXELS: env
    .positiveInt(40_000_000)
    .describe('Images with more pixels are refused from their header (400), never decoded: decompression bombs included.'),
  SHARP_CONCURRENCY: env.positiveInt(DEFAULT_SHARP_CONCURRENCY).describe('libvips threads per image operation (sharp.concurrency).'),
  WORKER_CONCURRENCY: env.positiveInt(DEFAULT_WORKER_CONCURRENCY).describe('Photo jobs one worker process runs at the same time.'),
  WORKER_LOCK_MS: env.positiveInt(30_000).describe("BullMQ lock of a running job; a killed worker's job is taken over after about this long."),
  DEPENDENCY_RETRY_MS: env.positiveInt(5_000).describe('Wait before trying a job again while the object store or the database is unreachable.'),
  SWEEP_INTERVAL_MS: env.positiveInt(60_000).describe('How often the worker looks for photos that lost their job or their clean-up (crash between steps).'),
  UPLOAD_CONCURRENCY: env.positiveInt(2).describe('Uploads whose bodies (up to 16 MB each) this process holds at once; the rest wait (upload-slots.ts).'),
  UPLOAD_CONCURRENCY_PER_USER: env.positiveInt(2).describe('Uploads one user may have held at once.'),
  UPLOAD_QUEUE: z.coerce.number().int().min(0).default(32).describe('Uploads that may wait for a slot; one more is 503.'),
  UPLOAD_WAIT_MS: env.positiveInt(20_000).describe('How long an upload may wait for a slot before a 503.'),
  UPLOAD_BODY_TIMEOUT_MS: env
    .positiveInt(30_000)
    .describe("An upload's body must be complete this long after its slot was given, else 408 (the gateway sends it whole, at once)."),
});
export type TMediaEnv = z.infer<typeof ZMediaEnv>;

/** The worker process: same variables, its own port for /health. */
export const ZMediaWorkerEnv = ZMediaEnv.extend({
  PORT: env.port(8105).describe("The photo worker's port for /health."),
  WORKER_SCRATCH_DIR: z
    .string()
    .min(1)
    // libvips reads `[...]` in a file name as loader options.
    .refine((dir) => !/[[\]]/.test(dir), 'must not contain [ or ]')
    .default(path.join(tmpdir(), 'flohmarkt-photo-worker'))
    .describe('Where the worker keeps the original of a job while it renders it (one file per running job).'),
});

export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');
