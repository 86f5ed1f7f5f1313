import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { JOB_PAYLOADS, JOB_RETRY, JOB_ROUTES, QUEUES, type TJobName, type TJobPayload, type TQueueOwner } from '@flohmarkt/contracts';
import type { JsonLogger } from '../logger.js';
import { OutboxListener, notifyOutbox } from './outbox-listener.js';
import { OutboxMessageEntity } from './outbox.entity.js';

/**
 * Records a cross-context message inside the caller's transaction: it is sent if and only if
 * the change commits. One row per consuming queue.
 */
export async function publish<N extends TJobName>(manager: EntityManager, name: N, payload: TJobPayload<N>): Promise<void> {
  const checked = JOB_PAYLOADS[name].parse(payload);
  const rows = (JOB_ROUTES[name] as readonly TQueueOwner[]).map((owner) => ({ queue: QUEUES[owner], name, payload: checked }));
  // jsonb takes any catalogued payload; TypeORM's deep-partial type cannot follow a union with nullable fields.
  await manager.getRepository(OutboxMessageEntity).insert(rows as QueryDeepPartialEntity<OutboxMessageEntity>[]);
  await notifyOutbox(manager);
}

interface OutboxRelayOptions {
  dataSource: DataSource;
  connection: Redis;
  prefix: string;
  logger: JsonLogger;
  /** How often to look for rows while no notification can reach the relay (its connection is down). */
  intervalMs?: number;
  /** How often to look anyway while listening: rows written without a notification (by an older replica) still leave. */
  listeningIntervalMs?: number;
}

/**
 * Retries of a job whose consumer waits for something outside the platform. Mail: an SMTP server
 * that is down must delay mail, never lose it, and a waiting mail should leave within minutes of its
 * return: the wait doubles from 5 s and the consumer caps it (CAPPED_BACKOFF, the mailer's
 * MAIL_RETRY_MAX_MS, 5 min by default), so 200 attempts ride out more than 16 hours of outage
 * (docs/adr/0010-outgoing-mail.md). Every other job keeps JOB_RETRY.
 */
export const JOB_RETRY_POLICIES: Partial<Record<TJobName, { attempts: number; backoffMs: number; capped: true }>> = {
  MailRequested: { attempts: 200, backoffMs: 5000, capped: true },
};

/** The backoff type of a capped policy; its consumer's worker computes the wait (cappedExponentialBackoff). */
export const CAPPED_BACKOFF = 'capped-exponential';

/**
 * BullMQ's exponential backoff never stops growing (attempt 20 would wait 30 days): this one doubles
 * from the job's `delay` up to `maxMs`. A worker passes it as `settings.backoffStrategy`.
 */
export function cappedExponentialBackoff(maxMs: number) {
  return (attemptsMade: number, type?: string, _err?: Error, job?: { opts?: { backoff?: number | { delay?: number } } }): number => {
    if (type !== CAPPED_BACKOFF) throw new Error(`unknown backoff type ${type}`);
    const backoff = job?.opts?.backoff;
    const base = (typeof backoff === 'object' ? backoff.delay : backoff) ?? 1000;
    return Math.min(maxMs, base * 2 ** Math.min(Math.max(attemptsMade - 1, 0), 30));
  };
}

function retryOptionsOf(name: TJobName): { attempts: number; backoff: { type: string; delay: number } } {
  const policy = JOB_RETRY_POLICIES[name];
  if (policy) return { attempts: policy.attempts, backoff: { type: CAPPED_BACKOFF, delay: policy.backoffMs } };
  return { attempts: JOB_RETRY.attempts, backoff: { type: 'exponential', delay: JOB_RETRY.backoffMs } };
}

/** Defaults of the two polling intervals (see OutboxRelayOptions). */
const POLL_MS = 250;
const LISTENING_POLL_MS = 2000;
/** While the database or Redis is down. */
const FAILED_RETRY_MS = 2000;

/**
 * Moves committed outbox rows to their BullMQ queues, as soon as PostgreSQL announces their commit
 * (see outbox-listener.ts), and by polling while it cannot. The row's id is the job id, so a row
 * sent twice (crash between enqueue and delete) is one job. Rows are locked with SKIP LOCKED, so
 * several replicas relay side by side. While Redis is down the rows wait; nothing is lost.
 */
export class OutboxRelay {
  private readonly queues = new Map<string, Queue>();
  private readonly listener: OutboxListener;
  private loop: Promise<void> | null = null;
  private stopped = false;
  /** Set by a notification; a batch that started before it may have missed its rows. */
  private nudged = false;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly options: OutboxRelayOptions) {
    this.listener = new OutboxListener(options.dataSource, () => this.nudge(), options.logger);
  }

  start(): void {
    this.listener.start();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.loop;
    this.listener.stop();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.nudged = false;
      let pause: number;
      try {
        const sent = await this.relayBatch();
        pause = sent > 0 ? 0 : this.listener.listening ? (this.options.listeningIntervalMs ?? LISTENING_POLL_MS) : (this.options.intervalMs ?? POLL_MS);
      } catch (err) {
        this.options.logger.write('warn', 'outbox relay waits', { error: (err as Error).message });
        pause = FAILED_RETRY_MS;
      }
      if (pause > 0 && !this.nudged) await this.sleep(pause);
    }
  }

  /** Waits, until a notification or stop() cuts the wait short. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.nudge(), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private nudge(): void {
    this.nudged = true;
    const wakeUp = this.wakeUp;
    this.wakeUp = null;
    wakeUp?.();
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
          ...retryOptionsOf(row.name as TJobName),
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
