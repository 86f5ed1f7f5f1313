import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The viewport reads the rim of a box as four strips of cells (viewport/event-viewport-search.ts):
 * the west and east ones are narrow in cx, which the primary key (level, span, bucket, cx, cy)
 * finds directly; the north and south ones are narrow in cy, which this index finds.
 */
export class EventMapCellsRowIndex1763700100061 implements MigrationInterface {
  name = 'EventMapCellsRowIndex1763700100061';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE INDEX "IDX_event_map_cells_rows" ON "${s}"."event_map_cells" ("level", "span", "bucket", "cy", "cx")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP INDEX "${s}"."IDX_event_map_cells_rows"`);
  }
}
