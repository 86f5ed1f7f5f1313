import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the list queries, chosen from EXPLAIN at 100,000 events (docs/adr/0004-geo-search.md):
 * - start: every list is in start order, and `date=` is a range of starts;
 * - (end, start) instead of end alone: "running today" (end >= today, start < today) is answered
 *   from the index without visiting the rows of events that start later.
 */
export class EventListIndexes1763700100002 implements MigrationInterface {
  name = 'EventListIndexes1763700100002';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE INDEX "IDX_events_start_date_time" ON "${s}"."events" ("start_date_time")`);
    await q.query(`CREATE INDEX "IDX_events_end_date_time_start_date_time" ON "${s}"."events" ("end_date_time", "start_date_time")`);
    await q.query(`DROP INDEX "${s}"."IDX_events_end_date_time"`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE INDEX "IDX_events_end_date_time" ON "${s}"."events" ("end_date_time")`);
    await q.query(`DROP INDEX "${s}"."IDX_events_end_date_time_start_date_time"`);
    await q.query(`DROP INDEX "${s}"."IDX_events_start_date_time"`);
  }
}
