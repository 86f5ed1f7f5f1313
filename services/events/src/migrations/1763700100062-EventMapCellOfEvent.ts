import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events of given map cells at level 10 (about 6 x 6 km in Germany), from the index alone: the
 * rim of a zoomed-out viewport (the cells the box cuts) and every zoomed-in viewport read their
 * events per cell column, `x = ANY(columns) AND y BETWEEN first AND last row`, and add them up
 * without visiting the table (viewport/event-viewport-search.ts). The expressions are those the
 * queries write, with the level as a literal.
 */
export class EventMapCellOfEvent1763700100062 implements MigrationInterface {
  name = 'EventMapCellOfEvent1763700100062';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE INDEX "IDX_events_map_cell_10" ON "${s}"."events"
      ("${s}".event_map_x(longitude::float8, 10), "${s}".event_map_y(latitude::float8, 10))
      INCLUDE (latitude, longitude, start_date_time, end_date_time) WHERE latitude IS NOT NULL AND longitude IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP INDEX "${s}"."IDX_events_map_cell_10"`);
  }
}
