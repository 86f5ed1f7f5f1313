import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A guest confirms each registration, not an address (security review: an account's address, or one
 * its owner confirmed once, let anyone's registration mail that person their own words at once).
 * `unconfirmed_guest_stands` lists the guest registrations whose own link has not been followed yet;
 * each confirmation link now belongs to one registration (`stand_id`), and the requests are counted
 * per mailbox (`mailbox`: server-kit's mailboxKey, so `victim+1@` and `victim+2@` are one). No foreign
 * keys (test suites empty `stands` with a plain TRUNCATE): a row whose stand is gone finds no stand.
 * A link of the old kind named only an address and would confirm every registration made with it:
 * those are dropped, and what they held back stays held until a new registration's link is followed.
 */
export class GuestRegistrationConfirmations1764901400000 implements MigrationInterface {
  name = 'GuestRegistrationConfirmations1764901400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "unconfirmed_guest_stands" (
      "stand_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_unconfirmed_guest_stands" PRIMARY KEY ("stand_id"))`);
    await q.query(`INSERT INTO "unconfirmed_guest_stands" ("stand_id") SELECT "stand_id" FROM "held_guest_receipts" ON CONFLICT DO NOTHING`);
    await q.query(`DELETE FROM "mail_confirmation_tokens"`);
    await q.query(`ALTER TABLE "mail_confirmation_tokens" ADD COLUMN "stand_id" uuid NOT NULL, ADD COLUMN "mailbox" text NOT NULL`);
    await q.query(`CREATE INDEX "IDX_mail_confirmation_tokens_mailbox" ON "mail_confirmation_tokens" ("mailbox", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_mail_confirmation_tokens_mailbox"`);
    await q.query(`ALTER TABLE "mail_confirmation_tokens" DROP COLUMN "mailbox", DROP COLUMN "stand_id"`);
    await q.query(`DROP TABLE "unconfirmed_guest_stands"`);
  }
}
