import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the seller was mailed of a hold request (security review: twenty rounds of "ask, end" by one
 * visitor for one item mailed the seller twenty times and spent the address's whole day at the
 * mailer). A request is mailed only when no hold of the same visitor for the same item was mailed in
 * the 24 h before (holds/holds.ts); `seller_told_at` is that mark, NULL for a request that mailed
 * nobody. It lives on the hold, so it goes wherever the hold goes (the item's or the holder's
 * deletion). The holds of the last 24 h were all mailed when asked: they are marked so, and the
 * rounds begun before the update count too.
 */
export class HoldRequestsTold1764901500000 implements MigrationInterface {
  name = 'HoldRequestsTold1764901500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "holds" ADD "seller_told_at" timestamptz`);
    await q.query(`UPDATE "holds" SET "seller_told_at" = "created_at" WHERE "created_at" > now() - interval '24 hours'`);
    await q.query(`CREATE INDEX "IDX_holds_told" ON "holds" ("holder_id", "item_id", "seller_told_at") WHERE "seller_told_at" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_holds_told"`);
    await q.query(`ALTER TABLE "holds" DROP COLUMN "seller_told_at"`);
  }
}
