import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { JOB_PAYLOADS, JOB_RETRY, JOB_ROUTES, QUEUES, type TJobName, type TJobPayload, type TQueueOwner } from '@flohmarkt/contracts';
import type { JsonLogger } from '../logger.js';
import { OutboxMessageEntity } from './outbox.entity.js';

/**
 * Records a cross-context message inside the caller's transaction: it is sent if and only if
 * the change commits. One row per consuming queue.
 */
export async function publish<N extends TJobName>(manager: EntityManager, name: N, payload: TJobPayload<N>): Promise<void> {
  const checked = JOB_PAYLOADS[name].parse(payload);
  const rows = (JOB_ROUTES[name] as readonly TQueueOwner[]).map((owner) => ({ queue: QUEUES[owner], name, payload: checked }));
  await manager.getRepository(OutboxMessageEntity).insert(rows);
}

export interface OutboxRelayOptions {
  dataSource: DataSource;
  connection: Redis;
  prefix: string;
  logger: JsonLogger;
  intervalMs?: number;
}

/**
 * Moves committed outbox rows to their BullMQ queues. The row's id is the job id, so a row sent
 * twice (crash between enqueue and delete) is one job. Rows are locked with SKIP LOCKED, so several
 * replicas relay side by side. While Redis is down the rows wait; nothing is lost.
 */
export class OutboxRelay {
  private readonly queues = new Map<string, Queue>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): void {
    const tick = async (): Promise<void> => {
      if (this.stopped) return;
      this.running = this.relayBatch().then(
        (count) => {
          this.timer = setTimeout(() => void tick(), count > 0 ? 0 : (this.options.intervalMs ?? 250));
        },
        (err: Error) => {
          this.options.logger.write('warn', 'outbox relay waits', { error: err.message });
          this.timer = setTimeout(() => void tick(), 2000);
        },
      );
    };
    void tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  /** Sends up to 100 rows; answers how many it sent. */
  async relayBatch(): Promise<number> {
    return this.options.dataSource.transaction(async (manager) => {
      const rows: OutboxMessageEntity[] = await manager
        .getRepository(OutboxMessageEntity)
        .createQueryBuilder('m')
        .orderBy('m.created_at', 'ASC')
        .limit(100)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const row of rows) {
        await this.queue(row.queue).add(row.name, row.payload, {
          jobId: row.id,
          attempts: JOB_RETRY.attempts,
          backoff: { type: 'exponential', delay: JOB_RETRY.backoffMs },
          removeOnComplete: { age: 24 * 3600, count: 10000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        });
      }
      if (rows.length) await manager.getRepository(OutboxMessageEntity).delete(rows.map((r) => r.id));
      return rows.length;
    });
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.options.connection, prefix: this.options.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }
}
