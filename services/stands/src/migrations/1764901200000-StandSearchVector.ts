import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two savings for the item search's way from the stands in a box (item-search/item-search.ts, issue 35):
 *
 * - A stand's description is matched against its stored text vector (`description_search`, set by a
 *   trigger on every write of the description) instead of a `to_tsvector` of every stand in the box
 *   per search: at 100,000 markets a 10 km box around a city holds some 600 stands, about 0.8 ms of
 *   the search. The GIN index of the way from the text moves from the expression to the column. A
 *   trigger, not a generated column: TypeORM's schema comparison reads a generated column's
 *   expression from a table of its own that these migrations do not keep.
 * - The stands of a market that have no point of their own (they are shown at the market's) are
 *   found per market in an index of just those, not among all of the market's stands.
 */
export class StandSearchVector1764901200000 implements MigrationInterface {
  name = 'StandSearchVector1764901200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "stands" ADD COLUMN "description_search" tsvector`);
    await q.query(`CREATE FUNCTION "description_search_of_stand"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        NEW."description_search" := to_tsvector('german', coalesce(NEW."description", ''));
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER "TR_stands_description_search" BEFORE INSERT OR UPDATE OF "description" ON "stands"
      FOR EACH ROW EXECUTE FUNCTION "description_search_of_stand"()`);
    await q.query(`UPDATE "stands" SET "description_search" = to_tsvector('german', coalesce("description", ''))`);
    await q.query(`DROP INDEX "IDX_stands_search"`);
    await q.query(`CREATE INDEX "IDX_stands_search" ON "stands" USING gin ("description_search")`);
    await q.query(`CREATE INDEX "IDX_stands_search_pointless" ON "stands" ("event_id")
      WHERE "status" = 'approved' AND ("latitude" IS NULL OR "longitude" IS NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_stands_search_pointless"`);
    await q.query(`DROP INDEX "IDX_stands_search"`);
    await q.query(`DROP TRIGGER "TR_stands_description_search" ON "stands"`);
    await q.query(`DROP FUNCTION "description_search_of_stand"()`);
    await q.query(`ALTER TABLE "stands" DROP COLUMN "description_search"`);
    await q.query(`CREATE INDEX "IDX_stands_search" ON "stands" USING gin (to_tsvector('german', coalesce("description", '')))`);
  }
}
