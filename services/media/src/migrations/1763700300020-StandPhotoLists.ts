import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Media owns each stand's photo list (order, limit, why the last upload was dropped) and announces
 * it to the stands service (StandPhotosChanged). This creates the per-stand rows and fills them
 * from media's own photos: a stand's `photo_error` is the reason of its newest failed photo unless
 * a photo was uploaded after that failure (as the stands service kept it). The order comes from
 * the stands service: its migration PhotoLists sends each stand's list as an edit, and media's
 * answer fills the stands service's copy with a version. Idempotent (ON CONFLICT DO NOTHING). The
 * sentences are spelled out: a migration must mean the same forever.
 */
export class StandPhotoLists1763700300020 implements MigrationInterface {
  name = 'StandPhotoLists1763700300020';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE IF NOT EXISTS "${s}"."stand_photo_lists" (
      "stand_id" uuid NOT NULL,
      "version" bigint NOT NULL DEFAULT 0,
      "edit_version" bigint NOT NULL DEFAULT 0,
      "photo_error" text,
      CONSTRAINT "PK_stand_photo_lists" PRIMARY KEY ("stand_id"))`);
    await q.query(
      `INSERT INTO "${s}"."stand_photo_lists" ("stand_id", "photo_error")
       SELECT s."stand_id",
              (SELECT CASE WHEN f."failure_reason" LIKE 'image does not decode%' OR f."failure_reason" = 'original missing from the bucket' THEN $1 ELSE $2 END
                 FROM "${s}"."photos" f
                WHERE f."stand_id" = s."stand_id" AND f."status" = 'failed'
                  AND NOT EXISTS (SELECT 1 FROM "${s}"."photos" n WHERE n."stand_id" = f."stand_id" AND n."created_at" > f."updated_at")
                ORDER BY f."updated_at" DESC LIMIT 1)
         FROM (SELECT DISTINCT "stand_id" FROM "${s}"."photos") s
       ON CONFLICT ("stand_id") DO NOTHING`,
      [
        'Das Bild ist beschädigt und konnte nicht gelesen werden. Bitte lade ein anderes Bild hoch.',
        'Fehler beim Verarbeiten des Bildes. Bitte versuche ein anderes Bild.',
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Undelivered messages the older code would have no handler for.
    await q.query(`DELETE FROM "${s}"."outbox" WHERE "name" = 'StandPhotosChanged'`);
    await q.query(`DROP TABLE "${s}"."stand_photo_lists"`);
  }
}
