import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The landing map's counts, kept by PostgreSQL itself (docs/adr/0013-viewport-clusters.md):
 * `event_map_cells` holds, per map grid cell and span of end days, how many events there are and
 * the sums and extent of their coordinates, so a zoomed-out view adds up a few hundred rows
 * instead of reading every event in it.
 *
 * - Grid: web-map (Mercator) cells of 64 screen pixels at zoom `level` (4·2^level cells around the
 *   world), for the even levels 2 to 10; a coarser view adds up cells by shifting (parents nest).
 *   Events without coordinates sit at level -1 (cell 0/0) so totals count them too.
 * - Time: the Berlin day of the event's end, at three spans (1, 16 and 256 days), so "ends today or
 *   later" is at most 15 + 15 + a few rows per cell, and "all" is the 256-day rows alone.
 * - A row trigger keeps the cells current on every insert, delete and change of coordinates or end,
 *   in the writer's transaction. Extents only widen until a row empties (a sum can be taken back, a
 *   minimum cannot); `event_map_cells_rebuild()` recomputes everything after bulk loads.
 *
 * The functions here are the only definition of the grid: the service's SQL calls them too.
 */
export class EventMapCells1763700100060 implements MigrationInterface {
  name = 'EventMapCells1763700100060';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE FUNCTION "${s}".event_map_x(lng float8, level int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT least(greatest(floor((lng + 180) / 360 * (4 << level)), 0), (4 << level) - 1)::int $$`);
    // One expression (no FROM), so that PostgreSQL inlines it into the statements that call it.
    await q.query(`CREATE FUNCTION "${s}".event_map_y(lat float8, level int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT least(greatest(floor((1 - ln(tan(radians(least(greatest(lat, -85.0511287798), 85.0511287798)))
        + 1 / cos(radians(least(greatest(lat, -85.0511287798), 85.0511287798)))) / pi()) / 2 * (4 << level)), 0), (4 << level) - 1)::int $$`);
    await q.query(`CREATE FUNCTION "${s}".event_map_day(end_at timestamptz) RETURNS int LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT ((end_at AT TIME ZONE 'Europe/Berlin')::date - DATE '1970-01-01') $$`);
    // The rows an event counts in: every stored level x every span.
    await q.query(`CREATE FUNCTION "${s}".event_map_keys(lat float8, lng float8, end_at timestamptz)
      RETURNS TABLE(level smallint, span smallint, bucket int, cx int, cy int) LANGUAGE sql STABLE PARALLEL SAFE ROWS 15 AS $$
      SELECT l.level::smallint, sp.span::smallint, floor("${s}".event_map_day(end_at)::float8 / sp.span)::int,
        CASE WHEN l.level < 0 THEN 0 ELSE "${s}".event_map_x(lng, l.level) END,
        CASE WHEN l.level < 0 THEN 0 ELSE "${s}".event_map_y(lat, l.level) END
      FROM unnest(CASE WHEN lat IS NULL OR lng IS NULL THEN ARRAY[-1] ELSE ARRAY[2, 4, 6, 8, 10] END) AS l(level),
        (VALUES (1), (16), (256)) AS sp(span) $$`);
    await q.query(`CREATE TABLE "${s}"."event_map_cells" (
      "level" smallint NOT NULL, "span" smallint NOT NULL, "bucket" int NOT NULL, "cx" int NOT NULL, "cy" int NOT NULL,
      "n" int NOT NULL, "sum_lat" float8 NOT NULL, "sum_lng" float8 NOT NULL,
      "min_lat" float8, "max_lat" float8, "min_lng" float8, "max_lng" float8,
      CONSTRAINT "PK_event_map_cells" PRIMARY KEY ("level", "span", "bucket", "cx", "cy"))`);
    await q.query(`CREATE FUNCTION "${s}".event_map_cells_track() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        old_key record;
        remaining int;
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.latitude IS NOT DISTINCT FROM NEW.latitude AND OLD.longitude IS NOT DISTINCT FROM NEW.longitude
          AND "${s}".event_map_day(OLD.end_date_time) = "${s}".event_map_day(NEW.end_date_time) THEN
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          -- Key by key: each statement then finds its one row through the primary key.
          FOR old_key IN SELECT * FROM "${s}".event_map_keys(OLD.latitude::float8, OLD.longitude::float8, OLD.end_date_time) LOOP
            UPDATE "${s}"."event_map_cells"
              SET n = n - 1, sum_lat = sum_lat - coalesce(OLD.latitude::float8, 0), sum_lng = sum_lng - coalesce(OLD.longitude::float8, 0)
              WHERE level = old_key.level AND span = old_key.span AND bucket = old_key.bucket AND cx = old_key.cx AND cy = old_key.cy
              RETURNING n INTO remaining;
            IF remaining <= 0 THEN
              DELETE FROM "${s}"."event_map_cells" WHERE level = old_key.level AND span = old_key.span AND bucket = old_key.bucket AND cx = old_key.cx AND cy = old_key.cy;
            END IF;
          END LOOP;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO "${s}"."event_map_cells" AS c (level, span, bucket, cx, cy, n, sum_lat, sum_lng, min_lat, max_lat, min_lng, max_lng)
            SELECT k.level, k.span, k.bucket, k.cx, k.cy, 1, coalesce(NEW.latitude::float8, 0), coalesce(NEW.longitude::float8, 0),
              NEW.latitude::float8, NEW.latitude::float8, NEW.longitude::float8, NEW.longitude::float8
            FROM "${s}".event_map_keys(NEW.latitude::float8, NEW.longitude::float8, NEW.end_date_time) k
            ON CONFLICT (level, span, bucket, cx, cy) DO UPDATE SET n = c.n + 1,
              sum_lat = c.sum_lat + EXCLUDED.sum_lat, sum_lng = c.sum_lng + EXCLUDED.sum_lng,
              min_lat = least(c.min_lat, EXCLUDED.min_lat), max_lat = greatest(c.max_lat, EXCLUDED.max_lat),
              min_lng = least(c.min_lng, EXCLUDED.min_lng), max_lng = greatest(c.max_lng, EXCLUDED.max_lng);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "TRG_events_map_cells" AFTER INSERT OR DELETE OR UPDATE OF latitude, longitude, end_date_time
      ON "${s}"."events" FOR EACH ROW EXECUTE FUNCTION "${s}".event_map_cells_track()`);
    // After a bulk load with the trigger disabled (benchmarks, the seed script), or to tighten extents.
    // Each event's finest cell and end day are worked out once (the trigonometry and the time zone
    // are the cost); the coarser levels are its cell numbers shifted, as parents nest.
    await q.query(`CREATE FUNCTION "${s}".event_map_cells_rebuild() RETURNS void LANGUAGE sql SET work_mem = '256MB' AS $$
      DELETE FROM "${s}"."event_map_cells";
      WITH finest AS MATERIALIZED (
        SELECT (lat IS NULL OR lng IS NULL) AS unplaced, coalesce("${s}".event_map_x(lng, 10), 0) AS x, coalesce("${s}".event_map_y(lat, 10), 0) AS y, day,
          count(*) AS n, coalesce(sum(lat), 0) AS sum_lat, coalesce(sum(lng), 0) AS sum_lng,
          min(lat) AS min_lat, max(lat) AS max_lat, min(lng) AS min_lng, max(lng) AS max_lng
        FROM (SELECT latitude::float8 AS lat, longitude::float8 AS lng, "${s}".event_map_day(end_date_time) AS day FROM "${s}"."events") e
        GROUP BY 1, 2, 3, 4)
      INSERT INTO "${s}"."event_map_cells" (level, span, bucket, cx, cy, n, sum_lat, sum_lng, min_lat, max_lat, min_lng, max_lng)
        SELECT l.level, sp.span, floor(f.day::float8 / sp.span)::int,
          CASE WHEN l.level < 0 THEN 0 ELSE f.x >> (10 - l.level) END, CASE WHEN l.level < 0 THEN 0 ELSE f.y >> (10 - l.level) END,
          sum(f.n), sum(f.sum_lat), sum(f.sum_lng), min(f.min_lat), max(f.max_lat), min(f.min_lng), max(f.max_lng)
        FROM finest f
          JOIN (VALUES (-1), (2), (4), (6), (8), (10)) AS l(level) ON (l.level < 0) = f.unplaced
          CROSS JOIN (VALUES (1), (16), (256)) AS sp(span)
        GROUP BY 1, 2, 3, 4, 5 $$`);
    await q.query(`SELECT "${s}".event_map_cells_rebuild()`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TRIGGER "TRG_events_map_cells" ON "${s}"."events"`);
    await q.query(`DROP FUNCTION "${s}".event_map_cells_rebuild()`);
    await q.query(`DROP FUNCTION "${s}".event_map_cells_track()`);
    await q.query(`DROP TABLE "${s}"."event_map_cells"`);
    await q.query(`DROP FUNCTION "${s}".event_map_keys(float8, float8, timestamptz)`);
    await q.query(`DROP FUNCTION "${s}".event_map_day(timestamptz)`);
    await q.query(`DROP FUNCTION "${s}".event_map_y(float8, int)`);
    await q.query(`DROP FUNCTION "${s}".event_map_x(float8, int)`);
  }
}
