import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vocabulary's words by their ending (item-search/search-terms.ts): German joins nouns into one
 * word, so a search for „Fahrrad“ is also one for „Kinderfahrrad“ and „Damenfahrrad“, which the
 * `german` configuration keeps whole. The compounds ending in a query's word are a range of the
 * reversed words; byte order (`COLLATE "C"`) makes „everything starting with the reversed word“ one
 * index range, for a word read from the query's own row as much as for a constant.
 */
export class SearchWordEndings1764901300000 implements MigrationInterface {
  name = 'SearchWordEndings1764901300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "IDX_search_words_ending" ON "search_words" ((reverse("word") COLLATE "C"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_search_words_ending"`);
  }
}
