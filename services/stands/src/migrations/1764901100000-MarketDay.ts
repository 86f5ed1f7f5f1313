import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A market day that runs itself (issue 36).
 * - Reconfirmation: where each stand is (`confirmation`), the hash of its "Bist du dabei?" link's
 *   token, when it was asked and answered; a released stand's status is `released`. The organiser
 *   reminds the open ones once per market (`reconfirmation_reminders`).
 * - Check-in: one row per stand with the winning tick (`at`, the time it was made on the phone,
 *   which may reach the server late; the latest wins) and who made it.
 * - Walk-up stands are marked, so the day view counts them.
 * - The event facts carry the team and the reconfirmation settings (EventFactsChanged).
 */
export class MarketDay1764901100000 implements MigrationInterface {
  name = 'MarketDay1764901100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "stands"
      ADD "confirmation" text NOT NULL DEFAULT 'not-asked',
      ADD "confirmation_token_hash" text,
      ADD "confirmation_asked_at" timestamptz,
      ADD "confirmation_answered_at" timestamptz,
      ADD "walk_up" boolean NOT NULL DEFAULT false,
      ADD CONSTRAINT "CHK_stands_confirmation" CHECK ("confirmation" IN ('not-asked', 'asked', 'confirmed', 'released'))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_stands_confirmation_token" ON "stands" ("confirmation_token_hash") WHERE "confirmation_token_hash" IS NOT NULL`);
    // The reconfirmation job's two scans: approved stands not yet asked, and asked ones past their deadline.
    await q.query(
      `CREATE INDEX "IDX_stands_confirmation_open" ON "stands" ("event_id") WHERE "status" = 'approved' AND "confirmation" IN ('not-asked', 'asked')`,
    );
    await q.query(`CREATE TABLE "reconfirmation_reminders" (
      "event_id" uuid NOT NULL,
      "reminded" integer NOT NULL,
      "sent_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_reconfirmation_reminders" PRIMARY KEY ("event_id"))`);
    await q.query(`CREATE TABLE "stand_check_ins" (
      "stand_id" uuid NOT NULL,
      "event_id" uuid NOT NULL,
      "state" text NOT NULL,
      "at" timestamptz NOT NULL,
      "by_user_id" uuid,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_stand_check_ins" PRIMARY KEY ("stand_id"),
      CONSTRAINT "CHK_stand_check_ins_state" CHECK ("state" IN ('present', 'absent', 'unknown')))`);
    await q.query(`CREATE INDEX "IDX_stand_check_ins_event" ON "stand_check_ins" ("event_id")`);
    // A check-in goes with its stand, by a trigger like the stand's items (no foreign key: tables are emptied one by one).
    await q.query(`CREATE FUNCTION "check_ins_follow_stands"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        DELETE FROM "stand_check_ins" WHERE "stand_id" = OLD."id";
        RETURN NULL;
      END $fn$`);
    await q.query(`CREATE TRIGGER "TRG_stands_drop_check_ins" AFTER DELETE ON "stands" FOR EACH ROW EXECUTE FUNCTION "check_ins_follow_stands"()`);
    await q.query(`ALTER TABLE "event_facts"
      ADD "team" jsonb NOT NULL DEFAULT '[]',
      ADD "reconfirmation" jsonb NOT NULL DEFAULT '{"enabled": false, "askHoursBefore": 72, "deadlineHoursBefore": 24}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "event_facts" DROP COLUMN "reconfirmation", DROP COLUMN "team"`);
    await q.query(`DROP TRIGGER "TRG_stands_drop_check_ins" ON "stands"`);
    await q.query(`DROP FUNCTION "check_ins_follow_stands"()`);
    await q.query(`DROP TABLE "stand_check_ins"`);
    await q.query(`DROP TABLE "reconfirmation_reminders"`);
    await q.query(`DROP INDEX "IDX_stands_confirmation_open"`);
    await q.query(`DROP INDEX "UQ_stands_confirmation_token"`);
    await q.query(`ALTER TABLE "stands" DROP CONSTRAINT "CHK_stands_confirmation",
      DROP COLUMN "walk_up", DROP COLUMN "confirmation_answered_at", DROP COLUMN "confirmation_asked_at",
      DROP COLUMN "confirmation_token_hash", DROP COLUMN "confirmation"`);
  }
}
