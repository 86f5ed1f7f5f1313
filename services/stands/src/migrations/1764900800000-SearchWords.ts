import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vocabulary of the item search (issue 35, item-search/search-words.ts): every lexeme the
 * `german` configuration makes of an item's title and category or of a stand's description, so a
 * query word that matches nothing can be corrected to the words within one typo without scanning
 * the items. Kept by triggers in the writer's transaction, so no writer can forget it; a word no
 * longer used stays (a correction to it finds nothing, which is harmless), so removals may lag.
 *
 * Only the word, no counter: a counter would make every writer of a common word ("buch") wait for
 * the others' transactions; `ON CONFLICT DO NOTHING` leaves an existing word untouched. The index
 * on (first letter, length) serves the lookup of candidates of one length ±1.
 */
export class SearchWords1764900800000 implements MigrationInterface {
  name = 'SearchWords1764900800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "search_words" ("word" text NOT NULL, CONSTRAINT "PK_search_words" PRIMARY KEY ("word"))`);
    await q.query(`CREATE INDEX "IDX_search_words_shape" ON "search_words" (left("word", 1), length("word"))`);
    // The same expressions as the GIN indexes of migration Items1764900700000.
    await q.query(`CREATE FUNCTION "search_words_of_item"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        INSERT INTO "search_words" ("word")
          SELECT unnest(tsvector_to_array(to_tsvector('german', NEW."title" || ' ' || NEW."category"))) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "TR_items_search_words" AFTER INSERT OR UPDATE OF "title", "category" ON "items"
      FOR EACH ROW EXECUTE FUNCTION "search_words_of_item"()`);
    await q.query(`CREATE FUNCTION "search_words_of_stand"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        INSERT INTO "search_words" ("word")
          SELECT unnest(tsvector_to_array(to_tsvector('german', coalesce(NEW."description", '')))) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "TR_stands_search_words" AFTER INSERT OR UPDATE OF "description" ON "stands"
      FOR EACH ROW WHEN (NEW."description" IS NOT NULL) EXECUTE FUNCTION "search_words_of_stand"()`);
    // What was written before the triggers.
    await q.query(`INSERT INTO "search_words" ("word")
      SELECT unnest(tsvector_to_array(to_tsvector('german', "title" || ' ' || "category"))) FROM "items"
      UNION SELECT unnest(tsvector_to_array(to_tsvector('german', coalesce("description", '')))) FROM "stands"
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "TR_stands_search_words" ON "stands"`);
    await q.query(`DROP TRIGGER "TR_items_search_words" ON "items"`);
    await q.query(`DROP FUNCTION "search_words_of_stand"()`);
    await q.query(`DROP FUNCTION "search_words_of_item"()`);
    await q.query(`DROP TABLE "search_words"`);
  }
}
