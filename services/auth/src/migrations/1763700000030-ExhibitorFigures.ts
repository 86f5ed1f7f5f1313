import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The exhibitor figures become a read model of their own (ExhibitorStatsChanged from the stands
 * service), one row per user: users without a profile have figures too. The figures the profiles
 * stored last are kept as version 0, so the pages show them until the stands service's backfill
 * (its migration AnnounceExhibitorStats, version 1 and up) arrives; the profile's own columns go.
 */
export class ExhibitorFigures1763700000030 implements MigrationInterface {
  name = 'ExhibitorFigures1763700000030';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."exhibitor_figures" (
      "user_id" uuid NOT NULL,
      "total_stands" integer NOT NULL,
      "avg_rating" numeric(3,2) NOT NULL,
      "version" bigint NOT NULL,
      CONSTRAINT "PK_exhibitor_figures" PRIMARY KEY ("user_id"))`);
    await q.query(
      `INSERT INTO "${s}"."exhibitor_figures" ("user_id", "total_stands", "avg_rating", "version")
       SELECT "user_id", "total_stands", "avg_rating", 0 FROM "${s}"."exhibitor_profiles"`,
    );
    await q.query(`ALTER TABLE "${s}"."exhibitor_profiles" DROP COLUMN "total_stands", DROP COLUMN "avg_rating"`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(
      `ALTER TABLE "${s}"."exhibitor_profiles" ADD COLUMN "total_stands" integer NOT NULL DEFAULT 0, ADD COLUMN "avg_rating" numeric(3,2) NOT NULL DEFAULT 0`,
    );
    await q.query(
      `UPDATE "${s}"."exhibitor_profiles" p SET "total_stands" = f."total_stands", "avg_rating" = f."avg_rating"
       FROM "${s}"."exhibitor_figures" f WHERE f."user_id" = p."user_id"`,
    );
    await q.query(`DROP TABLE "${s}"."exhibitor_figures"`);
  }
}
