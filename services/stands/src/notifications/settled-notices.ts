import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { JsonLogger } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { schemaTable } from './schema-table.js';
import { settleNotice, type SettlingKind } from './settling.js';
import { StandNotices } from './stand-notices.js';

/**
 * Sends the decision and change notices whose settle time is over (settling.ts), each with the
 * state at that moment (StandNotices.tellDecision, tellEventChange). A sweep every
 * DIGEST_SWEEP_SECONDS; the state lives in the database, so a restart loses nothing, and each
 * notice is taken by deleting its row, so replicas sweeping side by side send it once. The same
 * sweep forgets guest receipts held back longer than RETENTION_DAYS (their manage link with them).
 */
@Injectable()
export class SettledNotices implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: JsonLogger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly notices: StandNotices,
  ) {
    this.logger = new JsonLogger('stands', config.LOG_LEVEL);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sendDue()
        .catch((err: Error) => this.logger.write('warn', 'settled notices wait', { error: err.message }))
        .finally(() => (this.running = null));
    }, this.config.DIGEST_SWEEP_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Tells every notice due at `now`; answers how many were taken. */
  async sendDue(now = new Date()): Promise<number> {
    const manager = this.dataSource.manager;
    await manager.query(`DELETE FROM ${schemaTable(manager, 'held_guest_receipts')} WHERE "created_at" < now() - make_interval(days => $1)`, [
      this.config.RETENTION_DAYS,
    ]);
    const due = (await manager.query(`SELECT "key" FROM ${schemaTable(manager, 'settling_notices')} WHERE "due_at" <= $1 ORDER BY "due_at"`, [now])) as {
      key: string;
    }[];
    let taken = 0;
    for (const { key } of due) if (await this.dataSource.transaction((m) => this.tell(m, key, now))) taken++;
    return taken;
  }

  private async tell(m: EntityManager, key: string, now: Date): Promise<boolean> {
    // TypeORM answers a DELETE ... RETURNING run through query() as [rows, count].
    const [[row]] = (await m.query(`DELETE FROM ${schemaTable(m, 'settling_notices')} WHERE "key" = $1 AND "due_at" <= $2 RETURNING "kind", "subject_id"`, [
      key,
      now,
    ])) as [{ kind: SettlingKind; subject_id: string }[], number];
    if (!row) return false;
    if (row.kind === 'decision') {
      await this.notices.tellDecision(m, row.subject_id);
    } else {
      const later = await this.notices.tellEventChange(m, row.subject_id, now);
      if (later) await settleNotice(m, 'event-change', row.subject_id, 0, later);
    }
    return true;
  }
}
