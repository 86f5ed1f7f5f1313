import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An item's one photo (issue 35): a row of `photos` like a stand's, under the item's stand (so its
 * objects sit below the stand's prefix and go with the stand), with the item it belongs to. An
 * item photo is on no stand list: `item_id` null is a stand photo.
 */
export class ItemPhotos1764900750000 implements MigrationInterface {
  name = 'ItemPhotos1764900750000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "photos" ADD "item_id" uuid`);
    await q.query(`CREATE INDEX "IDX_photos_item_id" ON "photos" ("item_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_photos_item_id"`);
    await q.query(`ALTER TABLE "photos" DROP COLUMN "item_id"`);
  }
}
