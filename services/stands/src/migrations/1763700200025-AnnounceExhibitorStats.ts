import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The auth service keeps each exhibitor's figures as a read model (ExhibitorStatsChanged). This
 * creates the per-exhibitor version counter (stands/exhibitor-stats.ts) and fills the read model
 * of an existing database: one message with the current figures, version 1, per exhibitor with
 * stands (any status: one without an approved stand gets its 0), written into the outbox, which
 * the relay delivers after start. The figures are those of stands/exhibitor-stats.ts: approved
 * stands, and the average of the reviews on them (two decimals, 0 without). Names of queue and job
 * are spelled out: a migration must mean the same forever (they are those of
 * libs/contracts/src/jobs.ts today).
 */
export class AnnounceExhibitorStats1763700200025 implements MigrationInterface {
  name = 'AnnounceExhibitorStats1763700200025';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."exhibitor_stats_versions" (
      "user_id" uuid NOT NULL,
      "version" bigint NOT NULL,
      CONSTRAINT "PK_exhibitor_stats_versions" PRIMARY KEY ("user_id"))`);
    await q.query(
      `INSERT INTO "${s}"."exhibitor_stats_versions" ("user_id", "version")
       SELECT DISTINCT "exhibitor_id", 1 FROM "${s}"."stands" WHERE "exhibitor_id" IS NOT NULL`,
    );
    await q.query(
      `INSERT INTO "${s}"."outbox" ("queue", "name", "payload")
       SELECT 'auth-events', 'ExhibitorStatsChanged',
              jsonb_build_object('userId', st."exhibitor_id",
                                 'totalStands', count(DISTINCT st."id") FILTER (WHERE st."status" = 'approved'),
                                 'avgRating', ROUND(COALESCE(AVG(r."rating") FILTER (WHERE st."status" = 'approved'), 0), 2),
                                 'version', 1)
       FROM "${s}"."stands" st LEFT JOIN "${s}"."reviews" r ON r."stand_id" = st."id"
       WHERE st."exhibitor_id" IS NOT NULL
       GROUP BY st."exhibitor_id"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Undelivered messages the older code would have no handler for.
    await q.query(`DELETE FROM "${s}"."outbox" WHERE "name" = 'ExhibitorStatsChanged'`);
    await q.query(`DROP TABLE "${s}"."exhibitor_stats_versions"`);
  }
}
