import type { MigrationInterface, QueryRunner } from 'typeorm';
import { disagrees } from '../geocode/typed-place.js';

const BATCH = 1000;

/**
 * Issue 30: the street index learned addresses at points far from the place their text names (a market
 * pinned on the map's default centre in Berlin taught 'Venloer Straße 400, 50825 Köln' at Berlin). Such
 * an address is never learned now (street-index.ts); this forgets the ones learned before. Deleting
 * from event_addresses lets its trigger correct `streets`. Nothing to undo: re-indexing would apply the
 * same rule.
 */
export class ForgetDisagreeingAddresses1763700100090 implements MigrationInterface {
  name = 'ForgetDisagreeingAddresses1763700100090';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await q.query(
        `SELECT a.event_id, e.location, a.latitude, a.longitude FROM "${s}"."event_addresses" a
         JOIN "${s}"."events" e ON e.id = a.event_id WHERE a.event_id > $1 ORDER BY a.event_id LIMIT $2`,
        [after, BATCH],
      )) as Array<{ event_id: string; location: string; latitude: number; longitude: number }>;
      if (!rows.length) return;
      const wrong = rows.filter((row) => disagrees(row.location, { lat: Number(row.latitude), lng: Number(row.longitude) })).map((row) => row.event_id);
      if (wrong.length) await q.query(`DELETE FROM "${s}"."event_addresses" WHERE event_id = ANY($1::uuid[])`, [wrong]);
      after = rows[rows.length - 1]!.event_id;
    }
  }

  async down(): Promise<void> {
    // The forgotten addresses were wrong; nothing brings them back.
  }
}
