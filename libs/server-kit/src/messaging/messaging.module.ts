import { type DynamicModule, Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { QUEUES, type TQueueOwner } from '@flohmarkt/contracts';
import { JsonLogger, type LogLevel } from '../logger.js';
import { appMetrics } from '../metrics.js';
import { startConsumer, type JobHandlers } from './consumer.js';
import { OutboxRelay } from './outbox.js';
import { bullConnection, bullPrefix } from './redis.js';
import { type WatchedQueues, watchOutbox, watchQueues } from './seam-metrics.js';

interface MessagingOptions {
  service: string;
  /** The queue this service consumes; null for a service that only publishes. */
  consumes: TQueueOwner | null;
  redisUrl: string;
  redisPrefix: string;
  logLevel: LogLevel;
}

/** Provide the handlers of the consumed queue under this token (a factory with injected services). */
export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

/**
 * Runs the outbox relay and the queue consumer for the service's lifetime, and stops both on
 * shutdown (a job in progress finishes first; BullMQ hands unfinished ones to the next worker).
 */
@Injectable()
class MessagingRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private connection: Redis | null = null;
  private relay: OutboxRelay | null = null;
  private worker: Worker | null = null;
  private queueFigures: WatchedQueues | null = null;
  private stopOutboxFigures: (() => void) | null = null;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const logger = new JsonLogger(this.options.service, this.options.logLevel);
    this.connection = bullConnection(this.options.redisUrl);
    this.connection.on('error', () => undefined); // reconnects by itself; the relay logs while it waits
    const prefix = bullPrefix(this.options.redisPrefix);
    this.relay = new OutboxRelay({ dataSource: this.dataSource, connection: this.connection, prefix, logger });
    this.relay.start();
    if (this.options.consumes) {
      const handlers = this.moduleRef.get(JOB_HANDLERS, { strict: false }) as JobHandlers<TQueueOwner>;
      this.worker = startConsumer(this.options.consumes, handlers, { connection: this.connection, prefix, logger });
    }
    // Every queue of the catalogue, not only the consumed one: while a consumer is down, its
    // producers still report the backlog waiting for it.
    const metrics = appMetrics(this.options.service);
    this.queueFigures = watchQueues(metrics, { connection: this.connection, prefix, queues: Object.values(QUEUES) });
    this.stopOutboxFigures = watchOutbox(metrics, this.dataSource);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopOutboxFigures?.();
    await this.queueFigures?.stop();
    await this.worker?.close();
    await this.relay?.stop();
    await this.connection?.quit().catch(() => undefined);
  }
}

@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    return { module: MessagingModule, providers: [{ provide: MESSAGING_OPTIONS, useValue: options }, MessagingRuntime] };
  }
}
