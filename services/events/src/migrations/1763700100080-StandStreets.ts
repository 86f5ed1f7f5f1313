import type { MigrationInterface, QueryRunner } from 'typeorm';
import { StreetsTriggerCost1763700100071 } from './1763700100071-StreetsTriggerCost.js';

/**
 * The stands' streets in the address search (issue 22, docs/adr/0014-address-search-street-index.md):
 * `stand_streets` is the read model of the stands service's StandStreetChanged, one row per stand that
 * ever showed its street at its exact position, with the version of the last message applied. A row
 * whose keys are null is a taken-back street: it stays as the version a late, older message is
 * compared with. A row goes with its event (a trigger on events, as event_addresses).
 *
 * `streets` now counts the addresses of both tables: one trigger function for both (their columns
 * share names), which looks in both for another address of the street when the street loses its
 * point or a postcode. The event addresses keep the house numbers; a stand never gives one.
 */
export class StandStreets1763700100080 implements MigrationInterface {
  name = 'StandStreets1763700100080';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."stand_streets" (
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
      CONSTRAINT "PK_stand_streets" PRIMARY KEY ("stand_id")
    )`);
    await q.query(`CREATE INDEX "IDX_stand_streets_street_town" ON "${s}"."stand_streets" ("street_key", "town_key")`);
    await q.query(`CREATE INDEX "IDX_stand_streets_event_id" ON "${s}"."stand_streets" ("event_id")`);
    await q.query(`CREATE FUNCTION "${s}"."stand_streets_follow_events"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM "${s}"."stand_streets" WHERE event_id = OLD.id;
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE TRIGGER "TRG_events_drop_stand_streets" AFTER DELETE ON "${s}"."events"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."stand_streets_follow_events"()`);

    // StreetsTriggerCost's function, with a row of either table and a taken-back stand street (null keys) counting for nothing.
    await q.query(`CREATE FUNCTION "${s}"."addresses_to_streets"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        remaining integer;
        point_lat double precision;
        point_lng double precision;
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.street_key IS NOT NULL THEN
          UPDATE "${s}"."streets" SET addresses = addresses - 1 WHERE street_key = OLD.street_key AND town_key = OLD.town_key
            RETURNING addresses, latitude, longitude INTO remaining, point_lat, point_lng;
          IF remaining <= 0 THEN
            DELETE FROM "${s}"."streets" WHERE street_key = OLD.street_key AND town_key = OLD.town_key;
          ELSIF remaining IS NOT NULL THEN
            IF point_lat = OLD.latitude AND point_lng = OLD.longitude THEN
              UPDATE "${s}"."streets" st SET latitude = a.latitude, longitude = a.longitude, street = a.street, town = a.town
                FROM (SELECT * FROM (
                        (SELECT latitude, longitude, street, town FROM "${s}"."event_addresses"
                          WHERE street_key = OLD.street_key AND town_key = OLD.town_key LIMIT 1)
                        UNION ALL
                        (SELECT latitude, longitude, street, town FROM "${s}"."stand_streets"
                          WHERE street_key = OLD.street_key AND town_key = OLD.town_key LIMIT 1)) other LIMIT 1) a
                WHERE st.street_key = OLD.street_key AND st.town_key = OLD.town_key;
            END IF;
            IF OLD.postcode IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM "${s}"."event_addresses" WHERE street_key = OLD.street_key AND town_key = OLD.town_key AND postcode = OLD.postcode)
               AND NOT EXISTS (SELECT 1 FROM "${s}"."stand_streets" WHERE street_key = OLD.street_key AND town_key = OLD.town_key AND postcode = OLD.postcode) THEN
              UPDATE "${s}"."streets" SET postcodes = array_remove(postcodes, OLD.postcode) WHERE street_key = OLD.street_key AND town_key = OLD.town_key;
            END IF;
          END IF;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.street_key IS NOT NULL THEN
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
    await q.query(`DROP TRIGGER "TRG_event_addresses_to_streets" ON "${s}"."event_addresses"`);
    await q.query(`DROP FUNCTION "${s}"."event_addresses_to_streets"()`);
    await q.query(`CREATE TRIGGER "TRG_event_addresses_to_streets" AFTER INSERT OR UPDATE OR DELETE ON "${s}"."event_addresses"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."addresses_to_streets"()`);
    // A newer message with the same street (only its version moved) leaves the index as it is.
    await q.query(`CREATE TRIGGER "TRG_stand_streets_to_streets" AFTER INSERT OR DELETE ON "${s}"."stand_streets"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."addresses_to_streets"()`);
    await q.query(`CREATE TRIGGER "TRG_stand_streets_change_to_streets" AFTER UPDATE ON "${s}"."stand_streets" FOR EACH ROW
      WHEN ((OLD.street_key, OLD.town_key, OLD.street, OLD.town, OLD.postcode, OLD.latitude, OLD.longitude)
            IS DISTINCT FROM (NEW.street_key, NEW.town_key, NEW.street, NEW.town, NEW.postcode, NEW.latitude, NEW.longitude))
      EXECUTE FUNCTION "${s}"."addresses_to_streets"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TRIGGER "TRG_events_drop_stand_streets" ON "${s}"."events"`);
    await q.query(`DROP FUNCTION "${s}"."stand_streets_follow_events"()`);
    // The stands' streets leave the index with their rows, through the trigger still in place.
    await q.query(`DELETE FROM "${s}"."stand_streets"`);
    await q.query(`DROP TABLE "${s}"."stand_streets"`);
    await q.query(`DROP TRIGGER "TRG_event_addresses_to_streets" ON "${s}"."event_addresses"`);
    await new StreetsTriggerCost1763700100071().up(q);
    await q.query(`CREATE TRIGGER "TRG_event_addresses_to_streets" AFTER INSERT OR UPDATE OR DELETE ON "${s}"."event_addresses"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."event_addresses_to_streets"()`);
    await q.query(`DROP FUNCTION "${s}"."addresses_to_streets"()`);
  }
}
