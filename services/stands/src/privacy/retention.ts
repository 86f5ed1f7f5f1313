import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type BackgroundJob, JsonLogger } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { StandCommands } from '../stands/stand-commands.js';
import { cellCentre } from './location-cell.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per pass: a long backlog is worked off in bounded transactions. */
const BATCH = 500;
/** A long backlog stops here and goes on the next day. */
const RUN_DEADLINE_MS = 60 * 60_000;

export interface RetentionCounts {
  anonymised: number;
  deleted: number;
}

/**
 * Retention (docs/product.md#privacy), RETENTION_DAYS after the event ends:
 * - stands of past events are kept only anonymised: a guest's names, e-mail address and manage token
 *   are erased, the position is coarsened to its ~200 m cell and the address loses its house number
 *   (it was someone's home);
 * - rejected, withdrawn and released stands are deleted RETENTION_DAYS after their last change, with their
 *   reviews and (StandDeleted through the outbox, as every deletion) their photos;
 * - the record of whom a market's organiser invited ("Frühere Aussteller einladen", a guest named by
 *   their address) goes with the market's other personal data: nobody can be invited to it any more.
 * Idempotent: an anonymised stand is marked and never touched again, a deleted one is gone. The
 * log line carries counts only, never a name or an address. Runs once a day (RETENTION_CRON, Berlin
 * time) as a periodic job of jobs/stands-background-jobs.ts: one run across all replicas, and a
 * missed or failed day is made up by the next, since each run looks at everything that is due.
 */
@Injectable()
export class Retention {
  private readonly logger: JsonLogger;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STANDS_CONFIG) private readonly config: Pick<TStandsEnv, 'RETENTION_DAYS' | 'RETENTION_CRON' | 'LOG_LEVEL'>,
    private readonly commands: StandCommands,
  ) {
    this.logger = new JsonLogger('stands', config.LOG_LEVEL);
  }

  /** The daily job (jobs/stands-background-jobs.ts); no retry, the next day's run is one. */
  job(): BackgroundJob {
    return {
      name: 'Retention',
      schedule: { cron: this.config.RETENTION_CRON },
      deadlineMs: RUN_DEADLINE_MS,
      run: (_, { signal }) => this.run(new Date(), signal),
    };
  }

  /** Anonymises and deletes what is due at `now`, batch by batch until done or stopped (`signal`). */
  async run(now = new Date(), signal?: AbortSignal): Promise<RetentionCounts> {
    const cutoff = new Date(now.getTime() - this.config.RETENTION_DAYS * DAY_MS);
    const counts = { anonymised: await this.anonymisePastEvents(cutoff, now, signal), deleted: await this.deleteLeftStands(cutoff, signal) };
    await this.dataSource.query(`DELETE FROM "previous_invitations" i USING "event_facts" f WHERE f."event_id" = i."event_id" AND f."end_date_time" < $1`, [
      cutoff,
    ]);
    this.logger.write('info', 'retention done', { retentionDays: this.config.RETENTION_DAYS, ...counts });
    return counts;
  }

  private async anonymisePastEvents(cutoff: Date, now: Date, signal?: AbortSignal): Promise<number> {
    let total = 0;
    while (!signal?.aborted) {
      const rows = (await this.dataSource.query(
        `SELECT s."id", s."latitude", s."longitude" FROM "stands" s
         JOIN "event_facts" f ON f."event_id" = s."event_id"
         WHERE s."anonymised_at" IS NULL AND f."deleted" = false AND f."end_date_time" < $1
         ORDER BY s."id" LIMIT ${BATCH}`,
        [cutoff],
      )) as { id: string; latitude: string | null; longitude: string | null }[];
      if (rows.length === 0) return total;
      await this.dataSource.transaction(async (m) => {
        for (const row of rows) {
          const cell = row.latitude !== null && row.longitude !== null ? cellCentre(Number(row.latitude), Number(row.longitude)) : null;
          await m.query(
            `UPDATE "stands" SET "guest_first_name" = NULL, "guest_last_name" = NULL, "guest_email" = NULL,
               "manage_token_hash" = NULL, "address_house_number" = NULL, "latitude" = $2, "longitude" = $3, "anonymised_at" = $4
             WHERE "id" = $1 AND "anonymised_at" IS NULL`,
            [row.id, cell?.latitude ?? null, cell?.longitude ?? null, now],
          );
        }
      });
      total += rows.length;
    }
    return total;
  }

  private async deleteLeftStands(cutoff: Date, signal?: AbortSignal): Promise<number> {
    let total = 0;
    while (!signal?.aborted) {
      const rows = (await this.dataSource.query(
        `SELECT "id" FROM "stands" WHERE "status" IN ('rejected', 'withdrawn', 'released') AND "updated_at" < $1 ORDER BY "id" LIMIT ${BATCH}`,
        [cutoff],
      )) as { id: string }[];
      if (rows.length === 0) return total;
      total += (await this.commands.remove(rows.map((r) => r.id))).length;
    }
    return total;
  }
}
