import type { MigrationInterface, QueryRunner } from 'typeorm';
import { indexEventsInBatches } from '../geocode/street-index.js';

/**
 * The street index of the address search (issue 22, geocode/street-index.ts): each event's street,
 * as its location text names it, at the event's point (`event_addresses`), and one entry per street
 * and town (`streets`) that the search reads, found by the folded keys of street and town (collation
 * "C": the keys are ASCII and a prefix search is a range of the btree). A row goes with its event
 * (a trigger on events), so a street stays findable exactly while some event's address uses it.
 * Existing events are indexed here, with the same reader the service uses for every write.
 */
export class EventAddresses1763700100070 implements MigrationInterface {
  name = 'EventAddresses1763700100070';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."event_addresses" (
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
      CONSTRAINT "PK_event_addresses" PRIMARY KEY ("event_id")
    )`);
    // An event's address goes with it, however it is deleted (one, or all of a deleted user's). A
    // trigger rather than a foreign key: a key would forbid the plain TRUNCATE of events that test
    // suites use, and the address has no other writer to guard against.
    await q.query(`CREATE FUNCTION "${s}"."event_addresses_follow_events"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM "${s}"."event_addresses" WHERE event_id = OLD.id;
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE TRIGGER "TRG_events_drop_address" AFTER DELETE ON "${s}"."events"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."event_addresses_follow_events"()`);
    // The house number's lookup: the addresses of one street in one town.
    await q.query(`CREATE INDEX "IDX_event_addresses_street_town" ON "${s}"."event_addresses" ("street_key", "town_key")`);
    await q.query(`CREATE TABLE "${s}"."streets" (
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
      CONSTRAINT "PK_streets" PRIMARY KEY ("street_key", "town_key")
    )`);
    await q.query(`CREATE INDEX "IDX_streets_street_loose" ON "${s}"."streets" ("street_loose")`);
    // One entry per street and town, kept as addresses come and go (also through an event's
    // deletion, which no application code of the index sees). The entry's spelling and point are one of
    // its addresses'; when that address goes, another one's take their place.
    await q.query(`CREATE FUNCTION "${s}"."event_addresses_to_streets"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE "${s}"."streets" SET addresses = addresses - 1 WHERE street_key = OLD.street_key AND town_key = OLD.town_key;
          DELETE FROM "${s}"."streets" WHERE street_key = OLD.street_key AND town_key = OLD.town_key AND addresses <= 0;
          UPDATE "${s}"."streets" st SET latitude = a.latitude, longitude = a.longitude, street = a.street, town = a.town
            FROM (SELECT latitude, longitude, street, town FROM "${s}"."event_addresses"
                  WHERE street_key = OLD.street_key AND town_key = OLD.town_key ORDER BY event_id LIMIT 1) a
            WHERE st.street_key = OLD.street_key AND st.town_key = OLD.town_key AND st.latitude = OLD.latitude AND st.longitude = OLD.longitude;
          IF OLD.postcode IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "${s}"."event_addresses"
               WHERE street_key = OLD.street_key AND town_key = OLD.town_key AND postcode = OLD.postcode) THEN
            UPDATE "${s}"."streets" SET postcodes = array_remove(postcodes, OLD.postcode) WHERE street_key = OLD.street_key AND town_key = OLD.town_key;
          END IF;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO "${s}"."streets" (street_key, town_key, street_loose, town_loose, street, town, postcodes, addresses, latitude, longitude)
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
    await q.query(`CREATE TRIGGER "TRG_event_addresses_to_streets" AFTER INSERT OR UPDATE OR DELETE ON "${s}"."event_addresses"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."event_addresses_to_streets"()`);
    await indexEventsInBatches(q.manager, s);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TRIGGER "TRG_events_drop_address" ON "${s}"."events"`);
    await q.query(`DROP FUNCTION "${s}"."event_addresses_follow_events"()`);
    await q.query(`DROP TABLE "${s}"."event_addresses"`);
    await q.query(`DROP FUNCTION "${s}"."event_addresses_to_streets"()`);
    await q.query(`DROP TABLE "${s}"."streets"`);
  }
}
