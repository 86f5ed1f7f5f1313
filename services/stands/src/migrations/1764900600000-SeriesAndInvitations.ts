import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Markets that repeat (issue 34): the read model of event facts keeps the series and the market a
 * copy was made of, so "Frühere Aussteller einladen" finds the previous market without asking the
 * events service. `previous_invitations` holds one row per seller (a user id, or a guest's address in
 * lower case) and invited market, written with the mail in one transaction: a repeat, a race of two
 * requests or a retry finds the row and mails nobody twice. Rows go with their market (EventDeleted,
 * retention) and with a deleted user (invitations/previous-invitations.ts).
 */
export class SeriesAndInvitations1764900600000 implements MigrationInterface {
  name = 'SeriesAndInvitations1764900600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "event_facts" ADD "series_id" uuid, ADD "copied_from_id" uuid`);
    await q.query(`CREATE INDEX "IDX_event_facts_series" ON "event_facts" ("series_id") WHERE "series_id" IS NOT NULL`);
    await q.query(`CREATE TABLE "previous_invitations" (
      "event_id" uuid NOT NULL,
      "seller_key" text NOT NULL,
      "stand_id" uuid NOT NULL,
      "invited_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_previous_invitations" PRIMARY KEY ("event_id", "seller_key"))`);
    // A deleted user's invitations are found by their key (UserDeleted).
    await q.query(`CREATE INDEX "IDX_previous_invitations_seller" ON "previous_invitations" ("seller_key")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "previous_invitations"`);
    await q.query(`DROP INDEX "IDX_event_facts_series"`);
    await q.query(`ALTER TABLE "event_facts" DROP COLUMN "copied_from_id", DROP COLUMN "series_id"`);
  }
}
