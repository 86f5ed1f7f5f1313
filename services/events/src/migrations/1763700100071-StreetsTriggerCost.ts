import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The street index's trigger (EventAddresses1763700100070) looked for another address of the street
 * at every removal, sorting all of the street's addresses to pick one, even when the removed address
 * was not the street's point: deleting 100,000 generated events took 70 s. Now it looks only when the
 * street loses its point, takes the first address the index hands it, and skips the postcode check for
 * an address without postcode.
 */
export class StreetsTriggerCost1763700100071 implements MigrationInterface {
  name = 'StreetsTriggerCost1763700100071';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE OR REPLACE FUNCTION "${s}"."event_addresses_to_streets"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        remaining integer;
        point_lat double precision;
        point_lng double precision;
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE "${s}"."streets" SET addresses = addresses - 1 WHERE street_key = OLD.street_key AND town_key = OLD.town_key
            RETURNING addresses, latitude, longitude INTO remaining, point_lat, point_lng;
          IF remaining <= 0 THEN
            DELETE FROM "${s}"."streets" WHERE street_key = OLD.street_key AND town_key = OLD.town_key;
          ELSIF remaining IS NOT NULL THEN
            IF point_lat = OLD.latitude AND point_lng = OLD.longitude THEN
              UPDATE "${s}"."streets" st SET latitude = a.latitude, longitude = a.longitude, street = a.street, town = a.town
                FROM (SELECT latitude, longitude, street, town FROM "${s}"."event_addresses"
                      WHERE street_key = OLD.street_key AND town_key = OLD.town_key LIMIT 1) a
                WHERE st.street_key = OLD.street_key AND st.town_key = OLD.town_key;
            END IF;
            IF OLD.postcode IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "${s}"."event_addresses"
                 WHERE street_key = OLD.street_key AND town_key = OLD.town_key AND postcode = OLD.postcode) THEN
              UPDATE "${s}"."streets" SET postcodes = array_remove(postcodes, OLD.postcode) WHERE street_key = OLD.street_key AND town_key = OLD.town_key;
            END IF;
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
  }

  async down(): Promise<void> {
    // The function of EventAddresses1763700100070 answers the same, only slower: nothing to undo.
  }
}
