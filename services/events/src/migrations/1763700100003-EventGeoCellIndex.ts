import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The radius search's indexes, on the grid cell of a tenth of a degree (search/geo-cells.ts):
 * - (cell, start) with id and coordinates: a page of a radius search takes the first events by
 *   start of each cell, deciding the distance from the index alone;
 * - (cell, end, start): "running today" (end >= today, start < today) is decided in the index.
 * A landing search reads about 130 small cells instead of every event in the latitude band of its
 * bounding box (docs/adr/0004-geo-search.md). The expression is the one GEO_CELL_SQL writes; a
 * migration keeps its own copy, since it must never change once applied.
 */
export class EventGeoCellIndex1763700100003 implements MigrationInterface {
  name = 'EventGeoCellIndex1763700100003';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    const cell = '(floor(latitude * 10)::int * 10000 + floor(longitude * 10)::int)';
    await q.query(`CREATE INDEX "IDX_events_geo_cell_start" ON "${s}"."events" (${cell}, "start_date_time", "id") INCLUDE ("latitude", "longitude")`);
    await q.query(`CREATE INDEX "IDX_events_geo_cell_end_start" ON "${s}"."events" (${cell}, "end_date_time", "start_date_time")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP INDEX "${s}"."IDX_events_geo_cell_end_start"`);
    await q.query(`DROP INDEX "${s}"."IDX_events_geo_cell_start"`);
  }
}
