import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail only those who asked (issue 29, notifications/): which guest addresses were confirmed and when
 * the last request to confirm one left, the tokens of those requests (hashed), the guest's receipt
 * with the manage link held back until the address is confirmed, the decision and change notices
 * that wait out the settle time, and what each stand's owner and each market's people were told last.
 * No foreign keys to stands (none of this schema's tables has one): a row of a deleted stand is never
 * read again, and a held receipt goes after RETENTION_DAYS at the latest (settled-notices.ts).
 */
export class MailConsent1763700200190 implements MigrationInterface {
  name = 'MailConsent1763700200190';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Addresses in lower case, as the guest form stores them.
    await q.query(`CREATE TABLE "${s}"."mail_addresses" (
      "address" text NOT NULL,
      "confirmed_at" TIMESTAMP WITH TIME ZONE,
      "confirmation_requested_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_mail_addresses" PRIMARY KEY ("address"))`);
    // Every request's link keeps working (a later request does not void an earlier one still in the mail).
    await q.query(`CREATE TABLE "${s}"."mail_confirmation_tokens" (
      "token_hash" text NOT NULL,
      "address" text NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_mail_confirmation_tokens" PRIMARY KEY ("token_hash"))`);
    await q.query(`CREATE INDEX "IDX_mail_confirmation_tokens_address" ON "${s}"."mail_confirmation_tokens" ("address")`);
    await q.query(`CREATE TABLE "${s}"."held_guest_receipts" (
      "stand_id" uuid NOT NULL,
      "manage_token" text NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_held_guest_receipts" PRIMARY KEY ("stand_id"))`);
    await q.query(`CREATE TABLE "${s}"."settling_notices" (
      "key" text NOT NULL,
      "kind" text NOT NULL,
      "subject_id" uuid NOT NULL,
      "due_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_settling_notices" PRIMARY KEY ("key"))`);
    await q.query(`CREATE INDEX "IDX_settling_notices_due_at" ON "${s}"."settling_notices" ("due_at")`);
    await q.query(`CREATE TABLE "${s}"."decisions_told" (
      "stand_id" uuid NOT NULL,
      "status" text NOT NULL,
      "reason" text,
      CONSTRAINT "PK_decisions_told" PRIMARY KEY ("stand_id"))`);
    await q.query(`CREATE TABLE "${s}"."event_changes_told" (
      "event_id" uuid NOT NULL,
      "start_date_time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "end_date_time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "location" text NOT NULL,
      "latitude" text,
      "longitude" text,
      "status" text NOT NULL,
      "told_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_event_changes_told" PRIMARY KEY ("event_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    for (const table of ['event_changes_told', 'decisions_told', 'settling_notices', 'held_guest_receipts', 'mail_confirmation_tokens', 'mail_addresses'])
      await q.query(`DROP TABLE "${s}"."${table}"`);
  }
}
