import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A guest confirms an address again, not each registration (the wire contract's safety limits: "a
 * confirmed address stays confirmed", one request per address and 24 h). Which registrations wait is
 * read from their address now (mail_addresses, the accounts' addresses), so the list of unconfirmed
 * registrations goes. The confirmation tokens keep the registration that asked (`stand_id`) and the
 * mailbox their budget counts in. A confirmation finds the registrations made with its address by
 * that address in any letter case, and a registration asks whether an account has its address: each
 * by an index, not a scan of every stand or user.
 */
export class AddressConfirmations1764901600000 implements MigrationInterface {
  name = 'AddressConfirmations1764901600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "unconfirmed_guest_stands"`);
    await q.query(`CREATE INDEX "IDX_stands_guest_email" ON "stands" (lower("guest_email")) WHERE "guest_email" IS NOT NULL`);
    await q.query(`CREATE INDEX "IDX_user_names_email" ON "user_names" (lower("email")) WHERE NOT "deleted"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_user_names_email"`);
    await q.query(`DROP INDEX "IDX_stands_guest_email"`);
    await q.query(`CREATE TABLE "unconfirmed_guest_stands" (
      "stand_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_unconfirmed_guest_stands" PRIMARY KEY ("stand_id"))`);
  }
}
