import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wish alerts ("Suchauftrag", issue 35): an alert with words tells of newly listed items matching
 * them near its place. The words are kept as typed and as the tsquery the item search builds from
 * them; matched items wait in `wish_news` for the alert's next mail (the come-back mail rhythm), and
 * an item is told once per alert (`wish_told`).
 */
export class WishAlerts1764901000000 implements MigrationInterface {
  name = 'WishAlerts1764901000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "alerts" ADD "query" text`);
    await q.query(`ALTER TABLE "alerts" ADD "query_tsquery" tsquery`);
    await q.query(`CREATE TABLE "wish_news" (
      "alert_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "item_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_wish_news" PRIMARY KEY ("alert_id", "item_id"))`);
    await q.query(`CREATE TABLE "wish_told" (
      "alert_id" uuid NOT NULL,
      "item_id" uuid NOT NULL,
      CONSTRAINT "PK_wish_told" PRIMARY KEY ("alert_id", "item_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "wish_told"`);
    await q.query(`DROP TABLE "wish_news"`);
    await q.query(`ALTER TABLE "alerts" DROP COLUMN "query_tsquery"`);
    await q.query(`ALTER TABLE "alerts" DROP COLUMN "query"`);
  }
}
