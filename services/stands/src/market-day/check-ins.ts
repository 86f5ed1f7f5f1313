import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { TCheckIn, TCheckInState } from '@flohmarkt/contracts';

export interface CheckInTick {
  standId: string;
  eventId: string;
  state: TCheckInState;
  /** When the person ticked it on the phone (maybe offline, synced later). */
  at: Date;
  byUserId: string;
}

type Row = { state: TCheckInState; at: Date };

/**
 * The check-ins of the day (table stand_check_ins, one row per stand: the winning tick). The latest
 * `at` wins, decided in the one upsert, so two phones that ticked the same stand offline end in the
 * same state whatever order their changes arrive in (docs/adr/0021-market-day-team-and-check-in.md).
 */
@Injectable()
export class CheckIns {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Keeps the tick when it is later than the stored one (on the same instant the greater state
   * wins: "unknown" > "present" > "absent", any fixed rule converges) and answers the winner.
   */
  async tick(tick: CheckInTick): Promise<TCheckIn> {
    return keepTick(this.dataSource.manager, tick);
  }
}

/**
 * CheckIns.tick with the caller's EntityManager `m` (in its transaction): a walk-up stand is "Da" as it
 * is entered, ticked by whoever entered it (stands/walk-up-stands.controller.ts).
 */
export async function keepTick(m: EntityManager, tick: CheckInTick): Promise<TCheckIn> {
  const [kept] = (await m.query(
    `WITH kept AS (
       INSERT INTO "stand_check_ins" AS c ("stand_id", "event_id", "state", "at", "by_user_id") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("stand_id") DO UPDATE SET "state" = excluded."state", "at" = excluded."at", "by_user_id" = excluded."by_user_id",
         "event_id" = excluded."event_id", "updated_at" = now()
       WHERE c."at" < excluded."at" OR (c."at" = excluded."at" AND c."state" < excluded."state")
       RETURNING "state", "at")
     SELECT "state", "at" FROM kept
     UNION ALL
     SELECT "state", "at" FROM "stand_check_ins" WHERE "stand_id" = $1 AND NOT EXISTS (SELECT 1 FROM kept)`,
    [tick.standId, tick.eventId, tick.state, tick.at, tick.byUserId],
  )) as Row[];
  // A newer tick committed by another phone after this statement's snapshot was taken: read the winner it left.
  const winner = kept ?? ((await m.query(`SELECT "state", "at" FROM "stand_check_ins" WHERE "stand_id" = $1`, [tick.standId])) as Row[])[0]!;
  return { standId: tick.standId, state: winner.state, at: new Date(winner.at).toISOString() };
}
