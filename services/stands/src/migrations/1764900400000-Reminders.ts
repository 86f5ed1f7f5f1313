import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reminders of the evening before (issue 34): `reminder_wishes` is the read model of who wants one
 * for which event (auth's ReminderWishChanged; a switched-off wish stays as a row with its version, so
 * a late older message loses), `reminders_sent` the one row per market, kind and recipient that makes
 * every reminder go once, whatever restarts, replicas or retries: it is written in the transaction
 * that puts the mail into the outbox, and a second writer waits for the first and then finds it.
 */
export class Reminders1764900400000 implements MigrationInterface {
  name = 'Reminders1764900400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "reminder_wishes" (
      "user_id" uuid NOT NULL,
      "event_id" uuid NOT NULL,
      "remind" boolean NOT NULL,
      "version" bigint NOT NULL,
      CONSTRAINT "PK_reminder_wishes" PRIMARY KEY ("user_id", "event_id"))`);
    await q.query(`CREATE INDEX "IDX_reminder_wishes_event" ON "reminder_wishes" ("event_id") WHERE "remind"`);
    await q.query(`CREATE TABLE "reminders_sent" (
      "event_id" uuid NOT NULL,
      "kind" text NOT NULL,
      "recipient" uuid NOT NULL,
      "sent_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_reminders_sent" PRIMARY KEY ("event_id", "kind", "recipient"),
      CONSTRAINT "CHK_reminders_sent_kind" CHECK ("kind" IN ('visitor', 'seller', 'organiser')))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "reminders_sent", "reminder_wishes"`);
  }
}
