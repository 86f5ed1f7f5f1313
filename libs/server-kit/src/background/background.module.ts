import { type DynamicModule, Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Redis } from 'ioredis';
import { JsonLogger, type LogLevel } from '../logger.js';
import { bullConnection, bullPrefix } from '../messaging/redis.js';
import type { BackgroundJob } from './background-job.js';
import { type BackgroundWorker, startBackgroundWorker } from './background-worker.js';

interface BackgroundOptions {
  service: string;
  /** The service's background queue, by convention `<service>-background`. */
  queue: string;
  redisUrl: string;
  redisPrefix: string;
  logLevel: LogLevel;
}

/** Provide the service's background jobs under this token (a factory with injected services, see jobs/<service>-background-jobs.ts). */
export const BACKGROUND_JOBS = Symbol('BACKGROUND_JOBS');
const BACKGROUND_OPTIONS = Symbol('BACKGROUND_OPTIONS');

/**
 * Runs the service's background jobs (BACKGROUND_JOBS) for its lifetime: every replica works the
 * queue, each periodic tick runs once across them. On shutdown, runs in progress are told to stop
 * (their signal) and finish their current item first.
 */
@Injectable()
class BackgroundRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private connection: Redis | null = null;
  private worker: BackgroundWorker | null = null;

  constructor(
    @Inject(BACKGROUND_OPTIONS) private readonly options: BackgroundOptions,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const jobs = this.moduleRef.get(BACKGROUND_JOBS, { strict: false }) as BackgroundJob<unknown>[];
    this.connection = bullConnection(this.options.redisUrl);
    this.connection.on('error', () => undefined); // reconnects by itself; the worker logs while it waits
    const logger = new JsonLogger(this.options.service, this.options.logLevel);
    this.worker = startBackgroundWorker(this.options.queue, jobs, { connection: this.connection, prefix: bullPrefix(this.options.redisPrefix), logger });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }
}

@Module({})
export class BackgroundModule {
  static forRoot(options: BackgroundOptions): DynamicModule {
    return { module: BackgroundModule, providers: [{ provide: BACKGROUND_OPTIONS, useValue: options }, BackgroundRuntime] };
  }
}
