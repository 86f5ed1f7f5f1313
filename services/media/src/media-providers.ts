import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { getDataSourceToken, getRepositoryToken } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { bullConnection, bullPrefix, JsonLogger } from '@flohmarkt/server-kit';
import { MEDIA_CONFIG, type TMediaEnv } from './config.js';
import { ImageModule } from './images/image-module.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { PhotoPurge } from './photos/photo-purge.js';
import { PhotoQueue } from './photos/photo-queue.js';
import { StandPhotoList } from './photos/stand-photo-list.js';
import { StandsClient, standsClientFor } from './peers/stands-client.js';
import { ObjectStore } from './storage/object-store.js';

/** How long a request waits for Redis to take a job before it answers 503. */
const ENQUEUE_TIMEOUT_MS = 3_000;

export function objectStoreFor(config: TMediaEnv): ObjectStore {
  return new ObjectStore({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    timeoutMs: config.S3_TIMEOUT_MS,
  });
}

export function imageModuleFor(config: TMediaEnv): ImageModule {
  return new ImageModule({ maxInputPixels: config.MAX_INPUT_PIXELS, concurrency: config.SHARP_CONCURRENCY });
}

/** Keeps the bucket present and closes the queue connection at shutdown. */
@Injectable()
class MediaRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: ObjectStore,
    private readonly queue: PhotoQueue,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap(): void {
    // The service starts even while the store is away (uploads answer 503 meanwhile).
    const attempt = (): void => {
      this.store.ensureBucket().then(
        () => this.logger.write('info', 'bucket ready', { bucket: this.store.bucket }),
        (err: Error) => {
          this.logger.write('warn', 'bucket check failed; trying again', { error: err.message });
          this.retry = setTimeout(attempt, 5_000);
        },
      );
    };
    attempt();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    await this.queue.close();
  }
}

export function mediaProviders(config: TMediaEnv): Provider[] {
  return [
    { provide: MEDIA_CONFIG, useValue: config },
    { provide: JsonLogger, useValue: new JsonLogger('media', config.LOG_LEVEL) },
    { provide: ObjectStore, useFactory: () => objectStoreFor(config) },
    { provide: ImageModule, useFactory: () => imageModuleFor(config) },
    { provide: StandsClient, useFactory: () => standsClientFor(config) },
    {
      provide: PhotoQueue,
      useFactory: () => {
        const connection = bullConnection(config.REDIS_URL);
        connection.on('error', () => undefined); // reconnects by itself; enqueueing has a deadline
        return new PhotoQueue(connection, bullPrefix(config.REDIS_PREFIX), ENQUEUE_TIMEOUT_MS);
      },
    },
    {
      provide: PhotoPurge,
      useFactory: (photos: Repository<PhotoEntity>, store: ObjectStore, logger: JsonLogger) => new PhotoPurge(photos, store, logger),
      inject: [getRepositoryToken(PhotoEntity), ObjectStore, JsonLogger],
    },
    { provide: StandPhotoList, useFactory: (dataSource: DataSource) => new StandPhotoList(dataSource), inject: [getDataSourceToken()] },
    MediaRuntime,
  ];
}
