import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { BackgroundJob } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { eachInOwnTransaction, sweepJob } from '../jobs/sweep.js';
import { settleNotice, type SettlingKind } from './settling.js';
import { StandNotices } from './stand-notices.js';

/**
 * Sends the decision and change notices whose settle time is over (settling.ts), each with the
 * state at that moment (StandNotices.tellDecision, tellEventChange). A periodic job every
 * DIGEST_SWEEP_SECONDS (jobs/stands-background-jobs.ts); the state lives in the database, so a
 * restart loses nothing, and each notice is taken by deleting its row, so a run that overlaps
 * another sends it once. The same job forgets guest receipts held back longer than RETENTION_DAYS
 * (their manage link with them).
 */
@Injectable()
export class SettledNotices {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly notices: StandNotices,
  ) {}

  /** The periodic job (jobs/stands-background-jobs.ts). */
  job(): BackgroundJob {
    return sweepJob('SettledNotices', this.config.DIGEST_SWEEP_SECONDS, (now, signal) => this.sendDue(now, signal));
  }

  /** Tells every notice due at `now`, until stopped (`signal`); answers how many were taken. */
  async sendDue(now = new Date(), signal?: AbortSignal): Promise<number> {
    const manager = this.dataSource.manager;
    await manager.query(`DELETE FROM "held_guest_receipts" WHERE "created_at" < now() - make_interval(days => $1)`, [this.config.RETENTION_DAYS]);
    const due = (await manager.query(`SELECT "key" FROM "settling_notices" WHERE "due_at" <= $1 ORDER BY "due_at"`, [now])) as {
      key: string;
    }[];
    return eachInOwnTransaction(this.dataSource, due, signal, (m, { key }) => this.tell(m, key, now));
  }

  private async tell(m: EntityManager, key: string, now: Date): Promise<boolean> {
    // TypeORM answers a DELETE ... RETURNING run through query() as [rows, count].
    const [[row]] = (await m.query(`DELETE FROM "settling_notices" WHERE "key" = $1 AND "due_at" <= $2 RETURNING "kind", "subject_id"`, [key, now])) as [
      { kind: SettlingKind; subject_id: string }[],
      number,
    ];
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
