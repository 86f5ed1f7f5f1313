import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { TIME_ZONE } from '@flohmarkt/contracts';
import { JsonLogger, bullConnection, bullPrefix } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { Retention } from './retention.js';

/** The queue of the daily retention run; one scheduler id, so every replica upserts the same repeatable job. */
export const RETENTION_QUEUE = 'stands-retention';
const SCHEDULER_ID = 'retention-daily';

/**
 * Runs Retention once a day as a BullMQ repeatable job (RETENTION_CRON, Berlin time): one run across
 * all replicas (BullMQ hands each repetition to one worker), and a missed day is made up by the next,
 * since the run itself is idempotent and looks at everything that is due.
 */
@Injectable()
export class RetentionSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly retention: Retention,
  ) {
    this.logger = new JsonLogger('stands', config.LOG_LEVEL);
  }

  async onApplicationBootstrap(): Promise<void> {
    const prefix = bullPrefix(this.config.REDIS_PREFIX);
    this.queue = new Queue(RETENTION_QUEUE, { connection: bullConnection(this.config.REDIS_URL), prefix });
    this.worker = new Worker(RETENTION_QUEUE, async () => this.retention.run(), { connection: bullConnection(this.config.REDIS_URL), prefix, concurrency: 1 });
    this.worker.on('failed', (_job, err) => this.logger.write('warn', 'retention failed, retried tomorrow', { error: err.message }));
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { pattern: this.config.RETENTION_CRON, tz: TIME_ZONE },
      { name: 'Retention', opts: { removeOnComplete: 30, removeOnFail: 30 } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
