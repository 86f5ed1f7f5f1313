import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIdempotentRequestsTableSql, createOutboxTableSql } from '@flohmarkt/server-kit';

/**
 * The events schema as it stands before the first release (docs/adr/0017-one-baseline-per-service.md).
 * Later changes are migrations of their own, after this one. Names are plain: the migration's
 * connection has the service's schema as its search_path. The trigger functions pin that
 * search_path (SET search_path FROM CURRENT), so a trigger finds its tables whoever fires it; the
 * small SQL functions of the map grid are not pinned, so that PostgreSQL can inline them.
 */
export class Baseline1764800100000 implements MigrationInterface {
  name = 'Baseline1764800100000';

  async up(q: QueryRunner): Promise<void> {
    await createEvents(q);
    await createMapCells(q);
    await createStreetIndex(q);
    // The transactional outbox (EventDeleted, EventFactsChanged, ... leave with the change that causes
    // them) and the record of safe retries (Idempotency-Key, docs/adr/0016-idempotent-writes.md).
    for (const sql of createOutboxTableSql()) await q.query(sql);
    for (const sql of createIdempotentRequestsTableSql()) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "idempotent_requests", "outbox", "stand_streets", "event_addresses", "streets", "event_map_cells", "events"`);
    await q.query(`DROP FUNCTION "addresses_to_streets"(), "stand_streets_follow_events"(), "event_addresses_follow_events"(),
      "event_map_cells_rebuild"(), "event_map_cells_track"(), "event_map_keys"(float8, float8, timestamptz),
      "event_map_day"(timestamptz), "event_map_y"(float8, int), "event_map_x"(float8, int)`);
    await q.query(`DROP SEQUENCE "event_facts_version"`);
  }
}

async function createEvents(q: QueryRunner): Promise<void> {
  // `approved_stands` .. `rejected_stands`: the stands service's counts as its EventStandCountChanged
  // last announced them (version in `approved_stands_version`, 0 below every version it sends), so
  // reads need no call to it. `taken_places` (approved plus pending, what a cap counts) stays null until
  // the first count arrives; then the approved count stands in. `max_stands`: an optional cap (issue 18).
  await q.query(`CREATE TABLE "events" (
    "id" uuid NOT NULL DEFAULT gen_random_uuid(),
    "name" text NOT NULL,
    "description" text,
    "rules" text,
    "location" text NOT NULL,
    "latitude" numeric(10,8),
    "longitude" numeric(11,8),
    "start_date_time" TIMESTAMP WITH TIME ZONE NOT NULL,
    "end_date_time" TIMESTAMP WITH TIME ZONE NOT NULL,
    "organizer_id" uuid NOT NULL,
    "status" text NOT NULL DEFAULT 'planned',
    "contact_email" text,
    "contact_phone" text,
    "website_url" text,
    "website_link_text" text,
    "allow_stand_registration" boolean NOT NULL DEFAULT true,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    "approved_stands" integer NOT NULL DEFAULT 0,
    "approved_stands_version" bigint NOT NULL DEFAULT 0,
    "cancel_reason" text,
    "registration_deadline" TIMESTAMP WITH TIME ZONE,
    "notify_on_registration" boolean NOT NULL DEFAULT true,
    "max_stands" integer,
    "taken_places" integer,
    "pending_stands" integer NOT NULL DEFAULT 0,
    "waitlisted_stands" integer NOT NULL DEFAULT 0,
    "rejected_stands" integer NOT NULL DEFAULT 0,
    CONSTRAINT "PK_events" PRIMARY KEY ("id"),
    CONSTRAINT "CHK_events_max_stands" CHECK ("max_stands" IS NULL OR "max_stands" >= 1))`);
  await q.query(`CREATE INDEX "IDX_events_latitude_longitude" ON "events" ("latitude", "longitude")`);
  await q.query(`CREATE INDEX "IDX_events_organizer_id" ON "events" ("organizer_id")`);
  // The list queries' indexes, chosen from EXPLAIN at 100,000 events (docs/adr/0004-geo-search.md):
  // every list is in start order, and `date=` is a range of starts; (end, start) rather than end alone
  // answers "running today" (end >= today, start < today) without visiting later events' rows.
  await q.query(`CREATE INDEX "IDX_events_start_date_time" ON "events" ("start_date_time")`);
  await q.query(`CREATE INDEX "IDX_events_end_date_time_start_date_time" ON "events" ("end_date_time", "start_date_time")`);
  // The radius search's indexes on the grid cell of a tenth of a degree (search/geo-cells.ts, the
  // expression GEO_CELL_SQL writes): a page takes the first events by start of each cell, deciding the
  // distance from the index alone, and "running today" is decided in the index too.
  const cell = '(floor(latitude * 10)::int * 10000 + floor(longitude * 10)::int)';
  await q.query(`CREATE INDEX "IDX_events_geo_cell_start" ON "events" (${cell}, "start_date_time", "id") INCLUDE ("latitude", "longitude")`);
  await q.query(`CREATE INDEX "IDX_events_geo_cell_end_start" ON "events" (${cell}, "end_date_time", "start_date_time")`);
  // The version of each EventFactsChanged the stands service keeps as a read model (events/event-facts.ts).
  await q.query(`CREATE SEQUENCE "event_facts_version" AS bigint`);
}

/**
 * The landing map's counts, kept by PostgreSQL itself (docs/adr/0013-viewport-clusters.md):
 * `event_map_cells` holds, per map grid cell and span of end days, how many events there are and the
 * sums and extent of their coordinates, so a zoomed-out view adds up a few hundred rows instead of
 * reading every event in it.
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
async function createMapCells(q: QueryRunner): Promise<void> {
  await q.query(`CREATE FUNCTION event_map_x(lng float8, level int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT least(greatest(floor((lng + 180) / 360 * (4 << level)), 0), (4 << level) - 1)::int $$`);
  // One expression (no FROM), so that PostgreSQL inlines it into the statements that call it.
  await q.query(`CREATE FUNCTION event_map_y(lat float8, level int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT least(greatest(floor((1 - ln(tan(radians(least(greatest(lat, -85.0511287798), 85.0511287798)))
        + 1 / cos(radians(least(greatest(lat, -85.0511287798), 85.0511287798)))) / pi()) / 2 * (4 << level)), 0), (4 << level) - 1)::int $$`);
  await q.query(`CREATE FUNCTION event_map_day(end_at timestamptz) RETURNS int LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT ((end_at AT TIME ZONE 'Europe/Berlin')::date - DATE '1970-01-01') $$`);
  // The rows an event counts in: every stored level x every span. Called by the (pinned) trigger only.
  await q.query(`CREATE FUNCTION event_map_keys(lat float8, lng float8, end_at timestamptz)
      RETURNS TABLE(level smallint, span smallint, bucket int, cx int, cy int) LANGUAGE sql STABLE PARALLEL SAFE ROWS 15 AS $$
      SELECT l.level::smallint, sp.span::smallint, floor(event_map_day(end_at)::float8 / sp.span)::int,
        CASE WHEN l.level < 0 THEN 0 ELSE event_map_x(lng, l.level) END,
        CASE WHEN l.level < 0 THEN 0 ELSE event_map_y(lat, l.level) END
      FROM unnest(CASE WHEN lat IS NULL OR lng IS NULL THEN ARRAY[-1] ELSE ARRAY[2, 4, 6, 8, 10] END) AS l(level),
        (VALUES (1), (16), (256)) AS sp(span) $$`);
  await q.query(`CREATE TABLE "event_map_cells" (
      "level" smallint NOT NULL, "span" smallint NOT NULL, "bucket" int NOT NULL, "cx" int NOT NULL, "cy" int NOT NULL,
      "n" int NOT NULL, "sum_lat" float8 NOT NULL, "sum_lng" float8 NOT NULL,
      "min_lat" float8, "max_lat" float8, "min_lng" float8, "max_lng" float8,
      CONSTRAINT "PK_event_map_cells" PRIMARY KEY ("level", "span", "bucket", "cx", "cy"))`);
  // The viewport reads the rim of a box as four strips of cells (viewport/event-viewport-search.ts): the
  // west and east ones are narrow in cx, which the primary key finds; the north and south ones are
  // narrow in cy, which this index finds.
  await q.query(`CREATE INDEX "IDX_event_map_cells_rows" ON "event_map_cells" ("level", "span", "bucket", "cy", "cx")`);
  await q.query(`CREATE FUNCTION event_map_cells_track() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE
        old_key record;
        remaining int;
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.latitude IS NOT DISTINCT FROM NEW.latitude AND OLD.longitude IS NOT DISTINCT FROM NEW.longitude
          AND event_map_day(OLD.end_date_time) = event_map_day(NEW.end_date_time) THEN
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          -- Key by key: each statement then finds its one row through the primary key.
          FOR old_key IN SELECT * FROM event_map_keys(OLD.latitude::float8, OLD.longitude::float8, OLD.end_date_time) LOOP
            UPDATE "event_map_cells"
              SET n = n - 1, sum_lat = sum_lat - coalesce(OLD.latitude::float8, 0), sum_lng = sum_lng - coalesce(OLD.longitude::float8, 0)
              WHERE level = old_key.level AND span = old_key.span AND bucket = old_key.bucket AND cx = old_key.cx AND cy = old_key.cy
              RETURNING n INTO remaining;
            IF remaining <= 0 THEN
              DELETE FROM "event_map_cells" WHERE level = old_key.level AND span = old_key.span AND bucket = old_key.bucket AND cx = old_key.cx AND cy = old_key.cy;
            END IF;
          END LOOP;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO "event_map_cells" AS c (level, span, bucket, cx, cy, n, sum_lat, sum_lng, min_lat, max_lat, min_lng, max_lng)
            SELECT k.level, k.span, k.bucket, k.cx, k.cy, 1, coalesce(NEW.latitude::float8, 0), coalesce(NEW.longitude::float8, 0),
              NEW.latitude::float8, NEW.latitude::float8, NEW.longitude::float8, NEW.longitude::float8
            FROM event_map_keys(NEW.latitude::float8, NEW.longitude::float8, NEW.end_date_time) k
            ON CONFLICT (level, span, bucket, cx, cy) DO UPDATE SET n = c.n + 1,
              sum_lat = c.sum_lat + EXCLUDED.sum_lat, sum_lng = c.sum_lng + EXCLUDED.sum_lng,
              min_lat = least(c.min_lat, EXCLUDED.min_lat), max_lat = greatest(c.max_lat, EXCLUDED.max_lat),
              min_lng = least(c.min_lng, EXCLUDED.min_lng), max_lng = greatest(c.max_lng, EXCLUDED.max_lng);
        END IF;
        RETURN NULL;
      END $$`);
  await q.query(`CREATE TRIGGER "TRG_events_map_cells" AFTER INSERT OR DELETE OR UPDATE OF latitude, longitude, end_date_time
      ON "events" FOR EACH ROW EXECUTE FUNCTION event_map_cells_track()`);
  // After a bulk load with the trigger disabled (benchmarks, the seed script), or to tighten extents.
  // Each event's finest cell and end day are worked out once (the trigonometry and the time zone are
  // the cost); the coarser levels are its cell numbers shifted, as parents nest.
  await q.query(`CREATE FUNCTION event_map_cells_rebuild() RETURNS void LANGUAGE sql SET work_mem = '256MB' SET search_path FROM CURRENT AS $$
      DELETE FROM "event_map_cells";
      WITH finest AS MATERIALIZED (
        SELECT (lat IS NULL OR lng IS NULL) AS unplaced, coalesce(event_map_x(lng, 10), 0) AS x, coalesce(event_map_y(lat, 10), 0) AS y, day,
          count(*) AS n, coalesce(sum(lat), 0) AS sum_lat, coalesce(sum(lng), 0) AS sum_lng,
          min(lat) AS min_lat, max(lat) AS max_lat, min(lng) AS min_lng, max(lng) AS max_lng
        FROM (SELECT latitude::float8 AS lat, longitude::float8 AS lng, event_map_day(end_date_time) AS day FROM "events") e
        GROUP BY 1, 2, 3, 4)
      INSERT INTO "event_map_cells" (level, span, bucket, cx, cy, n, sum_lat, sum_lng, min_lat, max_lat, min_lng, max_lng)
        SELECT l.level, sp.span, floor(f.day::float8 / sp.span)::int,
          CASE WHEN l.level < 0 THEN 0 ELSE f.x >> (10 - l.level) END, CASE WHEN l.level < 0 THEN 0 ELSE f.y >> (10 - l.level) END,
          sum(f.n), sum(f.sum_lat), sum(f.sum_lng), min(f.min_lat), max(f.max_lat), min(f.min_lng), max(f.max_lng)
        FROM finest f
          JOIN (VALUES (-1), (2), (4), (6), (8), (10)) AS l(level) ON (l.level < 0) = f.unplaced
          CROSS JOIN (VALUES (1), (16), (256)) AS sp(span)
        GROUP BY 1, 2, 3, 4, 5 $$`);
  // The events of given level-10 cells (about 6 x 6 km in Germany) from the index alone: the rim of a
  // zoomed-out viewport and every zoomed-in one read their events per cell column,
  // `x = ANY(columns) AND y BETWEEN first AND last row`. The expressions are those the queries write.
  await q.query(`CREATE INDEX "IDX_events_map_cell_10" ON "events"
      (event_map_x(longitude::float8, 10), event_map_y(latitude::float8, 10))
      INCLUDE (latitude, longitude, start_date_time, end_date_time) WHERE latitude IS NOT NULL AND longitude IS NOT NULL`);
}

/**
 * The street index of the address search (issue 22, docs/adr/0014-address-search-street-index.md,
 * geocode/street-index.ts): each event's street as its location text names it, at the event's point
 * (`event_addresses`); the streets the stands show at their exact position (`stand_streets`, the read
 * model of the stands service's StandStreetChanged); and one entry per street and town (`streets`)
 * that the search reads, found by the folded keys of street and town (collation "C": the keys are
 * ASCII and a prefix search is a range of the btree).
 */
async function createStreetIndex(q: QueryRunner): Promise<void> {
  await q.query(`CREATE TABLE "event_addresses" (
      "event_id" uuid NOT NULL,
      "street" text NOT NULL,
      "street_key" text COLLATE "C" NOT NULL,
      "street_loose" text COLLATE "C" NOT NULL,
      "house_number" text,
      "postcode" text,
      "town" text NOT NULL,
      "town_key" text COLLATE "C" NOT NULL,
      "town_loose" text COLLATE "C" NOT NULL,
      "latitude" double precision NOT NULL,
      "longitude" double precision NOT NULL,
      CONSTRAINT "PK_event_addresses" PRIMARY KEY ("event_id"))`);
  // The house number's lookup: the addresses of one street in one town.
  await q.query(`CREATE INDEX "IDX_event_addresses_street_town" ON "event_addresses" ("street_key", "town_key")`);
  // An event's address goes with it, however it is deleted (one, or all of a deleted user's). A trigger
  // rather than a foreign key: a key would forbid the plain TRUNCATE of events that test suites use,
  // and the address has no other writer to guard against.
  await q.query(`CREATE FUNCTION "event_addresses_follow_events"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        DELETE FROM "event_addresses" WHERE event_id = OLD.id;
        RETURN NULL;
      END
    $fn$`);
  await q.query(`CREATE TRIGGER "TRG_events_drop_address" AFTER DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "event_addresses_follow_events"()`);

  // One row per stand that ever showed its street at its exact position, with the version of the last
  // message applied. A row whose keys are null is a taken-back street: it stays as the version a late,
  // older message is compared with. A row goes with its event, as event_addresses do.
  await q.query(`CREATE TABLE "stand_streets" (
      "stand_id" uuid NOT NULL,
      "event_id" uuid NOT NULL,
      "version" bigint NOT NULL,
      "street" text,
      "street_key" text COLLATE "C",
      "street_loose" text COLLATE "C",
      "postcode" text,
      "town" text,
      "town_key" text COLLATE "C",
      "town_loose" text COLLATE "C",
      "latitude" double precision,
      "longitude" double precision,
      CONSTRAINT "PK_stand_streets" PRIMARY KEY ("stand_id"))`);
  await q.query(`CREATE INDEX "IDX_stand_streets_street_town" ON "stand_streets" ("street_key", "town_key")`);
  await q.query(`CREATE INDEX "IDX_stand_streets_event_id" ON "stand_streets" ("event_id")`);
  await q.query(`CREATE FUNCTION "stand_streets_follow_events"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        DELETE FROM "stand_streets" WHERE event_id = OLD.id;
        RETURN NULL;
      END
    $fn$`);
  await q.query(`CREATE TRIGGER "TRG_events_drop_stand_streets" AFTER DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "stand_streets_follow_events"()`);

  await q.query(`CREATE TABLE "streets" (
      "street_key" text COLLATE "C" NOT NULL,
      "town_key" text COLLATE "C" NOT NULL,
      "street_loose" text COLLATE "C" NOT NULL,
      "town_loose" text COLLATE "C" NOT NULL,
      "street" text NOT NULL,
      "town" text NOT NULL,
      "postcodes" text[] NOT NULL DEFAULT '{}',
      "addresses" integer NOT NULL,
      "latitude" double precision NOT NULL,
      "longitude" double precision NOT NULL,
      CONSTRAINT "PK_streets" PRIMARY KEY ("street_key", "town_key"))`);
  await q.query(`CREATE INDEX "IDX_streets_street_loose" ON "streets" ("street_loose")`);
  // One entry per street and town, kept as the addresses of both tables come and go (also through an
  // event's deletion, which no application code of the index sees); their columns share names, and a
  // taken-back stand street (null keys) counts for nothing. The entry's spelling and point are one of
  // its addresses'. Only when the street loses its point does it look for another address (the first
  // the index hands it), and only for an address with a postcode does it check the postcode: deleting
  // 100,000 generated events took 70 s when it sorted every address of the street at each removal.
  await q.query(`CREATE FUNCTION "addresses_to_streets"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      DECLARE
        remaining integer;
        point_lat double precision;
        point_lng double precision;
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.street_key IS NOT NULL THEN
          UPDATE "streets" SET addresses = addresses - 1 WHERE street_key = OLD.street_key AND town_key = OLD.town_key
            RETURNING addresses, latitude, longitude INTO remaining, point_lat, point_lng;
          IF remaining <= 0 THEN
            DELETE FROM "streets" WHERE street_key = OLD.street_key AND town_key = OLD.town_key;
          ELSIF remaining IS NOT NULL THEN
            IF point_lat = OLD.latitude AND point_lng = OLD.longitude THEN
              UPDATE "streets" st SET latitude = a.latitude, longitude = a.longitude, street = a.street, town = a.town
                FROM (SELECT * FROM (
                        (SELECT latitude, longitude, street, town FROM "event_addresses"
                          WHERE street_key = OLD.street_key AND town_key = OLD.town_key LIMIT 1)
                        UNION ALL
                        (SELECT latitude, longitude, street, town FROM "stand_streets"
                          WHERE street_key = OLD.street_key AND town_key = OLD.town_key LIMIT 1)) other LIMIT 1) a
                WHERE st.street_key = OLD.street_key AND st.town_key = OLD.town_key;
            END IF;
            IF OLD.postcode IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM "event_addresses" WHERE street_key = OLD.street_key AND town_key = OLD.town_key AND postcode = OLD.postcode)
               AND NOT EXISTS (SELECT 1 FROM "stand_streets" WHERE street_key = OLD.street_key AND town_key = OLD.town_key AND postcode = OLD.postcode) THEN
              UPDATE "streets" SET postcodes = array_remove(postcodes, OLD.postcode) WHERE street_key = OLD.street_key AND town_key = OLD.town_key;
            END IF;
          END IF;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.street_key IS NOT NULL THEN
          INSERT INTO "streets" (street_key, town_key, street_loose, town_loose, street, town, postcodes, addresses, latitude, longitude)
          VALUES (NEW.street_key, NEW.town_key, NEW.street_loose, NEW.town_loose, NEW.street, NEW.town,
                  CASE WHEN NEW.postcode IS NULL THEN '{}'::text[] ELSE ARRAY[NEW.postcode] END, 1, NEW.latitude, NEW.longitude)
          ON CONFLICT (street_key, town_key) DO UPDATE SET
            addresses = "streets".addresses + 1,
            postcodes = CASE WHEN NEW.postcode IS NULL OR NEW.postcode = ANY("streets".postcodes) THEN "streets".postcodes
                             ELSE "streets".postcodes || NEW.postcode END;
        END IF;
        RETURN NULL;
      END
    $fn$`);
  await q.query(`CREATE TRIGGER "TRG_event_addresses_to_streets" AFTER INSERT OR UPDATE OR DELETE ON "event_addresses"
      FOR EACH ROW EXECUTE FUNCTION "addresses_to_streets"()`);
  // A newer message with the same street (only its version moved) leaves the index as it is.
  await q.query(`CREATE TRIGGER "TRG_stand_streets_to_streets" AFTER INSERT OR DELETE ON "stand_streets"
      FOR EACH ROW EXECUTE FUNCTION "addresses_to_streets"()`);
  await q.query(`CREATE TRIGGER "TRG_stand_streets_change_to_streets" AFTER UPDATE ON "stand_streets" FOR EACH ROW
      WHEN ((OLD.street_key, OLD.town_key, OLD.street, OLD.town, OLD.postcode, OLD.latitude, OLD.longitude)
            IS DISTINCT FROM (NEW.street_key, NEW.town_key, NEW.street, NEW.town, NEW.postcode, NEW.latitude, NEW.longitude))
      EXECUTE FUNCTION "addresses_to_streets"()`);
}
