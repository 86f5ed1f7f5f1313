import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Markets that repeat (issue 34): the dates of a series share `series_id` (no row of its own: a
 * series is the markets that carry its id, and it ends when the last one is deleted); a copy keeps
 * the market it came from in `copied_from_id`, so "Frühere Aussteller einladen" knows whom to ask.
 * Neither is a foreign key: the market copied from may be deleted and the copy stays.
 */
export class EventSeries1764900600000 implements MigrationInterface {
  name = 'EventSeries1764900600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "events" ADD "series_id" uuid, ADD "copied_from_id" uuid`);
    // GET /api/series/{id} and "alle folgenden": a series' dates in start order.
    await q.query(`CREATE INDEX "IDX_events_series_id_start" ON "events" ("series_id", "start_date_time") WHERE "series_id" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_events_series_id_start"`);
    await q.query(`ALTER TABLE "events" DROP COLUMN "copied_from_id", DROP COLUMN "series_id"`);
  }
}
