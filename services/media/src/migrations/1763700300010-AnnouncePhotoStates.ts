import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stands service keeps every photo's state as a read model (PhotoStateChanged). This creates
 * the sequence their versions come from (photos/photo-state-announcement.ts) and fills the read
 * model of an existing database: one message per photo, written into the outbox, which the relay
 * delivers after start. A photo being deleted is announced as removed; a failed one with the
 * sentence the worker gives the same failure today (worker/failure-reasons.ts). Names of queue
 * and job and the sentences are spelled out: a migration must mean the same forever.
 */
export class AnnouncePhotoStates1763700300010 implements MigrationInterface {
  name = 'AnnouncePhotoStates1763700300010';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE SEQUENCE "${s}"."photo_state_version" AS bigint`);
    await q.query(
      `INSERT INTO "${s}"."outbox" ("queue", "name", "payload")
       SELECT 'stands-events', 'PhotoStateChanged',
              jsonb_build_object('standId', "stand_id", 'photoId', "id",
                                 'path', '/api/media/stands/' || "stand_id" || '/' || "id" || '.jpg',
                                 'state', CASE "status" WHEN 'deleting' THEN 'removed' ELSE "status" END,
                                 'reason', CASE WHEN "status" <> 'failed' THEN NULL
                                                WHEN "failure_reason" LIKE 'image does not decode%' OR "failure_reason" = 'original missing from the bucket'
                                                THEN $1 ELSE $2 END,
                                 'version', nextval('"${s}"."photo_state_version"'))
       FROM "${s}"."photos" ORDER BY "created_at"`,
      [
        'Das Bild ist beschädigt und konnte nicht gelesen werden. Bitte lade ein anderes Bild hoch.',
        'Fehler beim Verarbeiten des Bildes. Bitte versuche ein anderes Bild.',
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Undelivered messages the older code would have no handler for.
    await q.query(`DELETE FROM "${s}"."outbox" WHERE "name" = 'PhotoStateChanged'`);
    await q.query(`DROP SEQUENCE "${s}"."photo_state_version"`);
  }
}
