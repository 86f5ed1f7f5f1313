import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A market day that runs itself (issue 36): each market's reconfirmation settings, its team
 * (co-organisers and helpers) and the invites that bring people into it. An invite is a short
 * code that many may accept until it expires or the organiser revokes it; a member stays until
 * removed (or leaves), and goes with the market.
 */
export class MarketTeam1764901100000 implements MigrationInterface {
  name = 'MarketTeam1764901100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events"
      ADD "reconfirmation_enabled" boolean NOT NULL DEFAULT false,
      ADD "reconfirmation_ask_hours" integer NOT NULL DEFAULT 72,
      ADD "reconfirmation_deadline_hours" integer NOT NULL DEFAULT 24,
      ADD CONSTRAINT "CHK_events_reconfirmation" CHECK (
        "reconfirmation_ask_hours" BETWEEN 24 AND 168
        AND "reconfirmation_deadline_hours" BETWEEN 1 AND 72
        AND "reconfirmation_deadline_hours" < "reconfirmation_ask_hours")`);
    await q.query(`CREATE TABLE "team_invites" (
      "code" text NOT NULL,
      "event_id" uuid NOT NULL REFERENCES "events" ("id") ON DELETE CASCADE,
      "role" text NOT NULL,
      "expires_at" timestamptz NOT NULL,
      "created_by" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "revoked_at" timestamptz,
      CONSTRAINT "PK_team_invites" PRIMARY KEY ("code"),
      CONSTRAINT "CHK_team_invites_role" CHECK ("role" IN ('co-organizer', 'helper')))`);
    await q.query(`CREATE INDEX "IDX_team_invites_event" ON "team_invites" ("event_id", "created_at")`);
    await q.query(`CREATE TABLE "event_team" (
      "event_id" uuid NOT NULL REFERENCES "events" ("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "role" text NOT NULL,
      "invite_code" text,
      "joined_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_event_team" PRIMARY KEY ("event_id", "user_id"),
      CONSTRAINT "CHK_event_team_role" CHECK ("role" IN ('co-organizer', 'helper')))`);
    // "Meine Flohmärkte" lists the markets a user is on the team of; self-deletion removes them.
    await q.query(`CREATE INDEX "IDX_event_team_user" ON "event_team" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "event_team"`);
    await q.query(`DROP TABLE "team_invites"`);
    await q.query(`ALTER TABLE "events" DROP CONSTRAINT "CHK_events_reconfirmation",
      DROP COLUMN "reconfirmation_deadline_hours", DROP COLUMN "reconfirmation_ask_hours", DROP COLUMN "reconfirmation_enabled"`);
  }
}
