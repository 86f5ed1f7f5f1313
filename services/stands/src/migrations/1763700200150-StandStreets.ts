import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The street of each placed stand (issue 18, the organiser's stands per street), as the events
 * service's online geocoder named it for the position in the row (streets/street-lookups.ts). `street`
 * null: looked up, no street there. A row counts only while the stand still stands at that position.
 *
 * The row holds an exact position, which may be someone's home: triggers delete it with the stand and
 * whenever the stand's position changes, so retention's coarsened position (privacy/retention.ts)
 * leaves no exact copy behind, and a moved stand is looked up again. (Triggers rather than a foreign
 * key: no table of this schema references stands, and TRUNCATE of stands stays as it is.)
 */
export class StandStreets1763700200150 implements MigrationInterface {
  name = 'StandStreets1763700200150';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."stand_streets" (
      "stand_id" uuid NOT NULL,
      "latitude" decimal(10,8) NOT NULL,
      "longitude" decimal(11,8) NOT NULL,
      "street" text,
      "looked_up_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_stand_streets" PRIMARY KEY ("stand_id"))`);
    await q.query(`CREATE FUNCTION "${s}"."stand_streets_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM "${s}"."stand_streets" WHERE "stand_id" = OLD."id";
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "TRG_stands_position_forgets_street" AFTER UPDATE OF "latitude", "longitude" ON "${s}"."stands"
      FOR EACH ROW WHEN (OLD."latitude" IS DISTINCT FROM NEW."latitude" OR OLD."longitude" IS DISTINCT FROM NEW."longitude")
      EXECUTE FUNCTION "${s}"."stand_streets_forget"()`);
    await q.query(`CREATE TRIGGER "TRG_stands_deletion_forgets_street" AFTER DELETE ON "${s}"."stands"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."stand_streets_forget"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TRIGGER "TRG_stands_deletion_forgets_street" ON "${s}"."stands"`);
    await q.query(`DROP TRIGGER "TRG_stands_position_forgets_street" ON "${s}"."stands"`);
    await q.query(`DROP FUNCTION "${s}"."stand_streets_forget"()`);
    await q.query(`DROP TABLE "${s}"."stand_streets"`);
  }
}
