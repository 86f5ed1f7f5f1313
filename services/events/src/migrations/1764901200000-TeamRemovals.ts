import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who the organiser removed from a market's team, and when (security review of issue 36): the
 * invites of the market that existed then let that person in no more; a new invite does. One row
 * per market and person (a second removal moves the time on); it goes with the market and with the
 * user (UserDeleted). A member who leaves on their own leaves no row.
 */
export class TeamRemovals1764901200000 implements MigrationInterface {
  name = 'TeamRemovals1764901200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "team_removals" (
      "event_id" uuid NOT NULL REFERENCES "events" ("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "removed_at" timestamptz NOT NULL,
      CONSTRAINT "PK_team_removals" PRIMARY KEY ("event_id", "user_id"))`);
    // UserDeleted drops a user's rows of every market.
    await q.query(`CREATE INDEX "IDX_team_removals_user" ON "team_removals" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "team_removals"`);
  }
}
