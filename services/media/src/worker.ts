/**
 * The photo worker: its own process (its own Deployment in Kubernetes). With the background runtime
 * it works `media-photos` (turns originals into served photos and thumbnails) and `media-background`
 * (the periodic sweep after crashes and outages).
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import {
  appMetrics,
  bullConnection,
  bullPrefix,
  dataSourceOptions,
  JsonLogger,
  loadConfig,
  OutboxRelay,
  redisDurabilityProblems,
  startBackgroundWorker,
  startHealthServer,
  stopOnSignal,
} from '@flohmarkt/server-kit';
import { ZMediaWorkerEnv } from './config.js';
import { mediaDatabase } from './database.js';
import { imageModuleFor, objectStoreFor } from './media-providers.js';
import { MEDIA_BACKGROUND_QUEUE, PHOTO_JOB_MAX_STALLED, PHOTO_QUEUE } from './photos/photo-jobs.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { PhotoPurge } from './photos/photo-purge.js';
import { PhotoQueue } from './photos/photo-queue.js';
import { StandPhotoList } from './photos/stand-photo-list.js';
import { PhotoSweep } from './worker/photo-sweep.js';
import { ProcessPhoto } from './worker/process-photo.js';
import { ScratchDir } from './worker/scratch-dir.js';

const QUEUE_TIMEOUT_MS = 5_000;

const config = loadConfig(ZMediaWorkerEnv);
const logger = new JsonLogger('media-worker', config.LOG_LEVEL);

const dataSource = new DataSource(dataSourceOptions(mediaDatabase(config)));
await dataSource.initialize();
const photos = dataSource.getRepository(PhotoEntity);
const store = objectStoreFor(config);
await store.ensureBucket().catch((err: Error) => logger.write('warn', 'bucket check failed; jobs wait for the store', { error: err.message }));
const images = imageModuleFor(config);
const purge = new PhotoPurge(photos, store, logger);
const scratch = new ScratchDir(config.WORKER_SCRATCH_DIR);
const stale = await scratch.prepare();
if (stale) logger.write('info', 'removed originals a killed worker left behind', { dir: scratch.dir, files: stale });
const processPhoto = new ProcessPhoto(photos, store, images, new StandPhotoList(dataSource), logger, scratch);

const connection = bullConnection(config.REDIS_URL);
connection.on('error', () => undefined); // reconnects by itself; the worker logs while it waits
const prefix = bullPrefix(config.REDIS_PREFIX);
for (const problem of await redisDurabilityProblems(connection)) logger.write('warn', `Redis is not configured for durable queues: ${problem}`);
const queue = new PhotoQueue(connection, prefix, QUEUE_TIMEOUT_MS);
// The worker's state changes leave through the outbox; relaying here too keeps them moving while
// the API process is down (the relays lock rows with SKIP LOCKED, so they share the work).
const relay = new OutboxRelay({ dataSource, connection, prefix, logger });
relay.start();

const photoWorker = startBackgroundWorker(PHOTO_QUEUE, [processPhoto.job(config.DEPENDENCY_RETRY_MS)], {
  connection,
  prefix,
  logger,
  concurrency: config.WORKER_CONCURRENCY,
  lockMs: config.WORKER_LOCK_MS,
  maxStalledCount: PHOTO_JOB_MAX_STALLED,
});
const sweep = new PhotoSweep(photos, queue, processPhoto, purge, logger, config.SWEEP_INTERVAL_MS);
const background = startBackgroundWorker(MEDIA_BACKGROUND_QUEUE, [sweep.job()], { connection, prefix, logger });
const metrics = appMetrics('media-worker');
const health = await startHealthServer(config.PORT, config.HOST, () => photoWorker.isRunning(), metrics);
logger.write('info', 'listening', {
  url: `http://${config.HOST}:${config.PORT}`,
  concurrency: config.WORKER_CONCURRENCY,
  sharpConcurrency: config.SHARP_CONCURRENCY,
});

stopOnSignal(logger, async () => {
  await background.close();
  await photoWorker.close();
  await relay.stop();
  await queue.close();
  await connection.quit().catch(() => undefined);
  await dataSource.destroy();
  health.close();
});
