import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The item search orders, filters, counts and pages in PostgreSQL (issue 35, item-search/), so the
 * public point of a stand must be known there:
 *
 * - `stand_public_point`: where the public sees a stand, as its public read shows it
 *   (privacy/stand-privacy.ts): an approximate stand before 00:00 Berlin of the market's first day at
 *   the centre of its ~200 m cell (privacy/location-cell.ts, the same float arithmetic step by step,
 *   rounded to 6 decimals as `toFixed(6)`), any other at its own point, a stand without a point at its
 *   market's. A SQL function of one SELECT without SET clauses, so the planner inlines it.
 *   item-search.integration-spec.ts holds it to the TypeScript rule for many points and days.
 * - The spatial way in: at 100,000 markets a 10 km box holds a few hundred stands, and a common word
 *   ("Buch") a tenth of all items. So the stands in the box are found first (by their own point, or,
 *   without one, by their market's point), and each one's items are matched in a btree that carries the
 *   item's text vector (the very expression of IDX_items_search) with the columns the search reads,
 *   so the match is an index-only scan, never a `to_tsvector` per item. Titles (≤ 80) and categories
 *   are short, so an entry stays far below the btree's size limit.
 */
export class ItemSearchOrder1764900950000 implements MigrationInterface {
  name = 'ItemSearchOrder1764900950000';

  async up(q: QueryRunner): Promise<void> {
    // 200 m cells (contracts APPROXIMATE_CELL_METRES) at 111,320 m per degree, as location-cell.ts.
    await q.query(`CREATE FUNCTION "stand_public_point"(
        stand_lat numeric, stand_lng numeric, stand_precision text,
        market_start timestamptz, market_lat text, market_lng text, at timestamptz)
      RETURNS TABLE ("lat" float8, "lng" float8) LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN NOT c.own THEN NULLIF(market_lat, '')::float8
                    WHEN c.hidden THEN round(c.centre_lat::numeric, 6)::float8
                    ELSE stand_lat::float8 END,
               CASE WHEN NOT c.own THEN NULLIF(market_lng, '')::float8
                    WHEN c.hidden THEN round(((floor(stand_lng::float8 / c.lng_step) + 0.5) * c.lng_step)::numeric, 6)::float8
                    ELSE stand_lng::float8 END
        FROM (
          SELECT r.own, r.hidden, r.centre_lat, (200::float8 / 111320) / cos(r.centre_lat * pi() / 180) AS lng_step
          FROM (
            SELECT stand_lat IS NOT NULL AND stand_lng IS NOT NULL AS own,
                   stand_precision = 'approximate'
                     AND coalesce((at AT TIME ZONE 'Europe/Berlin')::date < (market_start AT TIME ZONE 'Europe/Berlin')::date, true) AS hidden,
                   (floor(stand_lat::float8 / (200::float8 / 111320)) + 0.5) * (200::float8 / 111320) AS centre_lat
          ) r
        ) c
      $$`);
    // The stands in a box, by their own point (approved only: the search reads nothing else).
    await q.query(`CREATE INDEX "IDX_stands_search_point" ON "stands" (("latitude"::float8), ("longitude"::float8)) WHERE "status" = 'approved'`);
    // Stands without a point are found by their market's point.
    await q.query(`CREATE INDEX "IDX_event_facts_point" ON "event_facts" ((NULLIF("latitude", '')::float8), (NULLIF("longitude", '')::float8))
      WHERE "status" = 'planned' AND NOT "deleted"`);
    // A stand's unsold items with their text vector: matched by an index-only scan (see above).
    await q.query(`CREATE INDEX "IDX_items_stand_search" ON "items" ("stand_id", (to_tsvector('german', "title" || ' ' || "category")))
      INCLUDE ("id", "title", "category") WHERE "status" <> 'sold'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_items_stand_search"`);
    await q.query(`DROP INDEX "IDX_event_facts_point"`);
    await q.query(`DROP INDEX "IDX_stands_search_point"`);
    await q.query(`DROP FUNCTION "stand_public_point"(numeric, numeric, text, timestamptz, text, text, timestamptz)`);
  }
}
