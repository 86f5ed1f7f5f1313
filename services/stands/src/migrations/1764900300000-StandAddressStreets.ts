import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxChannel } from '@flohmarkt/server-kit';
import { LOOKED_UP_STREET, STREET_SHOWING_CHANGES, announceStandStreetFunction } from './1764800200000-Baseline.js';

/**
 * A stand's own address gives its street to the address search (issue 33): the next seller of the
 * market finds "Schönhauser Allee" offline because a neighbour typed it. Same rule as the looked-up
 * street (docs/adr/0014-address-search-street-index.md): only while the stand is approved and exact,
 * at its present point, and never its house number. The own address wins over the lookup's guess.
 */
const OWN_OR_LOOKED_UP_STREET = `SELECT st.event_id,
            COALESCE(st.address_street, t.street) AS street,
            CASE WHEN st.address_street IS NOT NULL THEN st.address_postcode ELSE t.postcode END AS postcode,
            CASE WHEN st.address_street IS NOT NULL THEN st.address_town ELSE t.town END AS town,
            st.latitude, st.longitude
          FROM "stands" st LEFT JOIN "stand_streets" t
            ON t.stand_id = st.id AND t.latitude = st.latitude AND t.longitude = st.longitude
         WHERE st.id = p_stand AND st.status = 'approved' AND st.location_precision = 'exact'
           AND st.latitude IS NOT NULL AND st.longitude IS NOT NULL
           AND (st.address_street IS NOT NULL OR t.street IS NOT NULL)`;

const ADDRESS_CHANGES = `OR OLD.address_street IS DISTINCT FROM NEW.address_street OR OLD.address_postcode IS DISTINCT FROM NEW.address_postcode
          OR OLD.address_town IS DISTINCT FROM NEW.address_town`;

export class StandAddressStreets1764900300000 implements MigrationInterface {
  name = 'StandAddressStreets1764900300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(announceStandStreetFunction(outboxChannel(q.connection), OWN_OR_LOOKED_UP_STREET));
    await q.query(`DROP TRIGGER "TRG_stands_change_announces_street" ON "stands"`);
    await q.query(`CREATE TRIGGER "TRG_stands_change_announces_street" AFTER UPDATE ON "stands" FOR EACH ROW
      WHEN (${STREET_SHOWING_CHANGES} ${ADDRESS_CHANGES}) EXECUTE FUNCTION "stands_announce_street"()`);
    // A walk-up stand is approved from its first write, and may carry an address then.
    await q.query(`CREATE TRIGGER "TRG_stands_insert_announces_street" AFTER INSERT ON "stands" FOR EACH ROW
      WHEN (NEW.address_street IS NOT NULL) EXECUTE FUNCTION "stands_announce_street"()`);
    await q.query(`SELECT "announce_stand_street"(id) FROM "stands" WHERE address_street IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "TRG_stands_insert_announces_street" ON "stands"`);
    await q.query(`DROP TRIGGER "TRG_stands_change_announces_street" ON "stands"`);
    await q.query(`CREATE TRIGGER "TRG_stands_change_announces_street" AFTER UPDATE ON "stands" FOR EACH ROW
      WHEN (${STREET_SHOWING_CHANGES}) EXECUTE FUNCTION "stands_announce_street"()`);
    await q.query(announceStandStreetFunction(outboxChannel(q.connection), LOOKED_UP_STREET));
  }
}
