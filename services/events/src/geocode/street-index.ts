import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  indexAddress,
  postcodeTownKeys,
  rankStreets,
  streetQuery,
  type HousePoint,
  type NameKeys,
  type StreetEntry,
  type StreetHit,
} from '@flohmarkt/gazetteer';
import { disagrees } from './typed-place.js';

/*
 * The street index of the address search, owned by the events service and fed from its own events:
 * `event_addresses` holds each event's street as its location text names it, at the event's point
 * (written in the transaction of every creation and edit, gone with the event by a trigger on events);
 * `streets` holds one entry per street and town (how many addresses, their postcodes, one address's
 * point), kept by a trigger on event_addresses (migration EventAddresses). A search reads `streets`
 * only, so its cost grows with the streets matching the typed prefix, not with the events.
 */

/**
 * Candidates read per search before ranking, the ones with most addresses: enough for 10 answers
 * (a query's only unlocated reading is its whole text, so located streets are not crowded out), and
 * small, as the rows' transfer costs more than the query (100 rows: about twice 50).
 */
const CANDIDATES = 50;

interface EventLocationRow {
  id: string;
  location: string;
  latitude: string | null;
  longitude: string | null;
}

function addressRow(event: EventLocationRow): unknown[] | null {
  if (event.latitude === null || event.longitude === null) return null; // not on the map: no point to offer
  const point = { lat: Number(event.latitude), lng: Number(event.longitude) };
  // A point far from the place its text names (a pin left on the map's default centre) would teach
  // every later search the wrong place: not learned (issue 30), even when the organiser confirmed it.
  if (disagrees(event.location, point)) return null;
  const address = indexAddress(event.location, point);
  if (!address) return null;
  const { street, streetKey, streetLoose, houseNumber, postcode, town, townKey, townLoose } = address;
  return [event.id, street, streetKey, streetLoose, houseNumber, postcode, town, townKey, townLoose, point.lat, point.lng];
}

const COLUMNS = '"event_id", "street", "street_key", "street_loose", "house_number", "postcode", "town", "town_key", "town_loose", "latitude", "longitude"';

async function insertRows(manager: EntityManager, rows: unknown[][]): Promise<void> {
  if (!rows.length) return;
  const width = rows[0]!.length;
  const values = rows.map((_, r) => `(${Array.from({ length: width }, (__, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ');
  await manager.query(`INSERT INTO "event_addresses" (${COLUMNS}) VALUES ${values}`, rows.flat());
}

/**
 * The event's entry in the street index as its location and point are now, in the caller's
 * transaction: called after every creation and edit. An event whose text names no street has none.
 */
export async function indexEventAddress(manager: EntityManager, eventId: string): Promise<void> {
  const [event] = (await manager.query(`SELECT id, location, latitude, longitude FROM "events" WHERE id = $1`, [eventId])) as EventLocationRow[];
  await forgetEventAddress(manager, eventId);
  const row = event ? addressRow(event) : null;
  if (row) await insertRows(manager, [row]);
}

/** The event's entry leaves the index (the streets' trigger forgets a street no other event names). */
async function forgetEventAddress(manager: EntityManager, eventId: string): Promise<void> {
  await manager.query(`DELETE FROM "event_addresses" WHERE event_id = $1`, [eventId]);
}

/** An event's location and point as stored (decimals as text) or as an edit sets them. */
interface LocatedFields {
  location?: string;
  latitude?: string | null;
  longitude?: string | null;
}

const sameCoordinate = (a: string | null | undefined, b: string | null | undefined) => (a == null || b == null ? a == b : Number(a) === Number(b));

/**
 * What an edit did to an event's address, for the street index. 'placed': the point was set anew (with the text
 * or without): the pair is learned again. 'retyped': the text changed while the point stayed where it was set
 * for the old text (the form keeps it, and says so): that point is not the new address's, so it is not learned,
 * and the old text's entry goes too. 'untouched': neither; the index keeps what it has, so a retyped address
 * stays unlearned through later edits of other fields, until its point is set.
 */
export function addressEdit(before: LocatedFields, changes: LocatedFields): 'placed' | 'retyped' | 'untouched' {
  const moved =
    (changes.latitude !== undefined && !sameCoordinate(changes.latitude, before.latitude)) ||
    (changes.longitude !== undefined && !sameCoordinate(changes.longitude, before.longitude));
  if (moved) return 'placed';
  return changes.location !== undefined && changes.location !== before.location ? 'retyped' : 'untouched';
}

/** The street index after an edit of the event (addressEdit), in the caller's transaction. */
export async function reindexEditedAddress(manager: EntityManager, eventId: string, edit: ReturnType<typeof addressEdit>): Promise<void> {
  if (edit === 'placed') await indexEventAddress(manager, eventId);
  else if (edit === 'retyped') await forgetEventAddress(manager, eventId);
}

/** Every event not yet in the index, in batches by id (index-streets.ts, after a bulk load). */
export async function indexEventsInBatches(manager: EntityManager, batch = 1000): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let indexed = 0;
  for (;;) {
    const events = (await manager.query(
      `SELECT e.id, e.location, e.latitude, e.longitude FROM "events" e
       WHERE e.id > $1 AND NOT EXISTS (SELECT 1 FROM "event_addresses" a WHERE a.event_id = e.id)
       ORDER BY e.id LIMIT $2`,
      [after, batch],
    )) as EventLocationRow[];
    if (!events.length) return indexed;
    const rows = events.map(addressRow).filter((row): row is unknown[] => row !== null);
    // 11 parameters a row: 500 rows stay far below PostgreSQL's 65,535.
    for (let i = 0; i < rows.length; i += 500) await insertRows(manager, rows.slice(i, i + 500));
    indexed += rows.length;
    after = events[events.length - 1]!.id;
  }
}

/** The SQL of 'starts with' on a "C"-collated key: a range of the btree ('~' sorts after every key letter). */
class Conditions {
  readonly params: unknown[] = [];
  private param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  prefix(strictColumn: string, looseColumn: string, keys: NameKeys): string {
    const s = this.param(keys.strict);
    const l = this.param(keys.loose);
    return `((${strictColumn} >= ${s} AND ${strictColumn} < ${s} || '~') OR (${looseColumn} >= ${l} AND ${looseColumn} < ${l} || '~'))`;
  }
  value(value: unknown): string {
    return this.param(value);
  }
}

/** The street index's search. Without a database (the geocoding module on its own) it finds nothing. */
@Injectable()
export class StreetIndex {
  constructor(@Optional() @InjectDataSource() private readonly dataSource?: DataSource) {}

  /** The streets that answer a search box query, best first, at most `limit`. */
  async find(q: string, limit: number): Promise<StreetHit[]> {
    const query = streetQuery(q);
    if (!query || !this.dataSource) return [];
    const townKeys = postcodeTownKeys(query.postcode);
    const where = new Conditions();
    const readings = query.splits.map((split) => {
      const street = where.prefix('street_key', 'street_loose', split.street);
      return split.town ? `(${street} AND ${where.prefix('town_key', 'town_loose', split.town)})` : street;
    });
    let postcode = '';
    if (query.postcode) {
      postcode = ` AND (${where.value(query.postcode)} = ANY(postcodes) OR (cardinality(postcodes) = 0 AND town_key = ANY(${where.value([...townKeys])})))`;
    }
    const entries = (await this.dataSource.query(
      `SELECT street, street_key AS "streetKey", street_loose AS "streetLoose", town, town_key AS "townKey", town_loose AS "townLoose",
         postcodes, addresses, latitude AS "lat", longitude AS "lng"
       FROM "streets" WHERE (${readings.join(' OR ')})${postcode}
       ORDER BY addresses DESC, street_key, town_key LIMIT ${CANDIDATES}`,
      where.params,
    )) as StreetEntry[];
    const houses = query.houseNumber && entries.length ? await this.houses(entries, query.houseNumber) : [];
    return rankStreets(entries, query, limit, townKeys, houses);
  }

  /** The addresses with this house number on these streets (one index lookup per street). */
  private async houses(entries: readonly StreetEntry[], houseNumber: string): Promise<HousePoint[]> {
    return (await this.dataSource!.query(
      `SELECT DISTINCT ON (a.street_key, a.town_key, a.postcode)
         a.street_key AS "streetKey", a.town_key AS "townKey", a.postcode, a.latitude AS "lat", a.longitude AS "lng"
       FROM unnest($1::text[], $2::text[]) AS k(street_key, town_key)
       JOIN "event_addresses" a ON a.street_key = k.street_key COLLATE "C" AND a.town_key = k.town_key COLLATE "C"
       WHERE a.house_number = $3
       ORDER BY a.street_key, a.town_key, a.postcode, a.event_id`,
      [entries.map((e) => e.streetKey), entries.map((e) => e.townKey), houseNumber],
    )) as HousePoint[];
  }
}
