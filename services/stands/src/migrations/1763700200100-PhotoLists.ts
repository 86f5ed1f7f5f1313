import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The media service owns each stand's photo list (issue 16); the stand row keeps a copy whose
 * versions live in `photo_lists` (read-models/photo-lists.ts). Media's positions were set at upload
 * and never followed an edit's new order, so the order comes from here: every stand with photos
 * sends its current list to media as an edit (StandPhotosEdited, edit version 1, nothing removed),
 * written into this service's outbox and delivered by the relay after start; media sets its
 * positions from it and answers with the list and a version (StandPhotosChanged). Idempotent: a
 * stand that has its `photo_lists` row already sends nothing again. Queue and job names are spelled
 * out: a migration must mean the same forever.
 */
export class PhotoLists1763700200100 implements MigrationInterface {
  name = 'PhotoLists1763700200100';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE IF NOT EXISTS "${s}"."photo_lists" (
      "stand_id" uuid NOT NULL,
      "version" bigint NOT NULL DEFAULT 0,
      "edit_version" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "PK_photo_lists" PRIMARY KEY ("stand_id"))`);
    await q.query(`WITH fresh AS (
        INSERT INTO "${s}"."photo_lists" ("stand_id", "edit_version")
        SELECT "id", 1 FROM "${s}"."stands" WHERE cardinality("photos") > 0
        ON CONFLICT ("stand_id") DO NOTHING
        RETURNING "stand_id")
      INSERT INTO "${s}"."outbox" ("queue", "name", "payload")
      SELECT 'media-events', 'StandPhotosEdited',
             jsonb_build_object('standId', st."id", 'photos', to_jsonb(st."photos"), 'removed', '[]'::jsonb, 'editVersion', 1)
      FROM "${s}"."stands" st JOIN fresh f ON f."stand_id" = st."id"
      ORDER BY st."created_at"`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Undelivered messages the older code would have no handler for.
    await q.query(`DELETE FROM "${s}"."outbox" WHERE "name" = 'StandPhotosEdited'`);
    await q.query(`DROP TABLE "${s}"."photo_lists"`);
  }
}
