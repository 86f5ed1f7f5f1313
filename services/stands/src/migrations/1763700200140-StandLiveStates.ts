import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live status on the event day (issue 19): one row per stand that ever had one, the last state and
 * when it was set. Reads show it only on the event day (live/event-day.ts). No foreign key: a stand's
 * deletion leaves its row behind unread (stand ids are never reused), and the stands table stays free
 * of new references.
 */
export class StandLiveStates1763700200140 implements MigrationInterface {
  name = 'StandLiveStates1763700200140';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."stand_live_states" (
      "stand_id" uuid NOT NULL,
      "state" text NOT NULL,
      "updated_at" timestamptz NOT NULL,
      CONSTRAINT "PK_stand_live_states" PRIMARY KEY ("stand_id"),
      CONSTRAINT "CHK_stand_live_states_state" CHECK ("state" IN ('open', 'closing', 'closed', 'absent')))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TABLE "${s}"."stand_live_states"`);
  }
}
