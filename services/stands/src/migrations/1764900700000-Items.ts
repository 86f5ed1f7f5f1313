import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What is on the tables (issue 35): a stand's highlight items, and the German full-text vectors the
 * search across markets reads: expression indexes with the `german` configuration (its Snowball
 * stemmer folds umlauts and ß, so "Straße" and "Strasse", "Kinderfahrräder" and "Kinderfahrrad"
 * meet), so no writer can forget a vector. An item goes with its stand.
 */
export class Items1764900700000 implements MigrationInterface {
  name = 'Items1764900700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "items" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "stand_id" uuid NOT NULL,
      "title" text NOT NULL,
      "price_kind" text NOT NULL,
      "price_cents" integer,
      "category" text NOT NULL,
      "photo" text,
      "status" text NOT NULL DEFAULT 'available',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_items" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_items_price" CHECK ("price_kind" IN ('fixed', 'negotiable', 'free') AND ("price_cents" IS NULL OR "price_cents" >= 0)),
      CONSTRAINT "CHK_items_status" CHECK ("status" IN ('available', 'held', 'sold')))`);
    await q.query(`CREATE INDEX "IDX_items_stand" ON "items" ("stand_id", "created_at")`);
    // An item goes with its stand, however the stand is deleted. A trigger rather than a foreign key: a key
    // would forbid the plain TRUNCATE of stands that test suites use (as events' addresses do).
    await q.query(`CREATE FUNCTION "items_follow_stands"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        DELETE FROM "items" WHERE stand_id = OLD.id;
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE TRIGGER "TRG_stands_drop_items" AFTER DELETE ON "stands" FOR EACH ROW EXECUTE FUNCTION "items_follow_stands"()`);
    // The search's expressions (item-search/): a query must write them exactly so to use the index.
    await q.query(`CREATE INDEX "IDX_items_search" ON "items" USING gin (to_tsvector('german', "title" || ' ' || "category"))`);
    // The stand descriptions join the same search.
    await q.query(`CREATE INDEX "IDX_stands_search" ON "stands" USING gin (to_tsvector('german', coalesce("description", '')))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_stands_search"`);
    await q.query(`DROP TRIGGER "TRG_stands_drop_items" ON "stands"`);
    await q.query(`DROP FUNCTION "items_follow_stands"()`);
    await q.query(`DROP TABLE "items"`);
  }
}
