import type { StreetQuery, StreetQuerySplit } from './street-query.js';
import type { FoundAddress } from './suggestions.js';
import type { NameKeys } from './street-keys.js';

/** One street of one town, as the street index keeps it: all its known addresses in one entry. */
export interface StreetEntry {
  street: string;
  streetKey: string;
  streetLoose: string;
  town: string;
  townKey: string;
  townLoose: string;
  /** The postcodes its addresses named (none when they named none). */
  postcodes: readonly string[];
  /** How many addresses use it. */
  addresses: number;
  /** One of its addresses: a point on the street. */
  lat: number;
  lng: number;
}

/** An address of the index with the query's house number, at its own point. */
export interface HousePoint {
  streetKey: string;
  townKey: string;
  postcode: string | null;
  lat: number;
  lng: number;
}

/** A street found for a query, in the wire shape plus what the merge with places needs. */
export interface StreetHit {
  displayName: string;
  lat: number;
  lng: number;
  placeId: string;
  /** The query named a town or postcode, and this street lies there. */
  located: boolean;
  /** The street part is the whole name ('hauptstrasse' for Hauptstraße), not the start of it. */
  exactStreet: boolean;
  /** At the address with the query's house number (an address of the index used it). */
  atHouse: boolean;
  /** The street, the typed house number (known to the index or not), the postcode and the town. */
  address: FoundAddress;
}

type Tier = 0 | 1;

/** One collator for all comparisons: localeCompare with a locale builds one per call (slow in a sort). */
const collator = new Intl.Collator('de');

/** 0: the whole name (either fold), 1: the name starts with it; null: no match. */
function tier(strict: string, loose: string, query: NameKeys): Tier | null {
  if (strict === query.strict || loose === query.loose) return 0;
  if (strict.startsWith(query.strict) || loose.startsWith(query.loose)) return 1;
  return null;
}

interface Scored {
  entry: StreetEntry;
  located: boolean;
  street: Tier;
  town: Tier;
  house: HousePoint | null;
}

function score(
  entry: StreetEntry,
  split: StreetQuerySplit,
  query: StreetQuery,
  postcodeTownKeys: ReadonlySet<string>,
  house: HousePoint | null,
): Scored | null {
  const street = tier(entry.streetKey, entry.streetLoose, split.street);
  if (street === null) return null;
  let town: Tier = 1;
  if (split.town) {
    const t = tier(entry.townKey, entry.townLoose, split.town);
    if (t === null) return null;
    town = t;
  }
  if (query.postcode) {
    // A hard filter: one of the street's postcodes, or, where its addresses named none, its town being one of the postcode's.
    if (entry.postcodes.length ? !entry.postcodes.includes(query.postcode) : !postcodeTownKeys.has(entry.townKey)) return null;
    town = 0;
  }
  return { entry, located: Boolean(split.town || query.postcode), street, town, house };
}

/** Better first: located, the whole street name, the whole town name, the house number known, more addresses, alphabetical. */
function compare(a: Scored, b: Scored): number {
  return (
    Number(b.located) - Number(a.located) ||
    a.street - b.street ||
    a.town - b.town ||
    Number(b.house !== null) - Number(a.house !== null) ||
    b.entry.addresses - a.entry.addresses ||
    collator.compare(a.entry.street, b.entry.street) ||
    collator.compare(a.entry.town, b.entry.town)
  );
}

function toHit(best: Scored, query: StreetQuery): StreetHit {
  const { entry, house } = best;
  // The postcode the query or the house named; else the street's own when it has just one.
  const postcode =
    house?.postcode ??
    (query.postcode && entry.postcodes.includes(query.postcode) ? query.postcode : entry.postcodes.length === 1 ? entry.postcodes[0]! : null);
  // The house number is shown only where an address used it: the point is then that address's.
  const number = house ? ` ${query.houseNumber}` : '';
  return {
    displayName: `${entry.street}${number}, ${postcode ? `${postcode} ` : ''}${entry.town}`,
    lat: house?.lat ?? entry.lat,
    lng: house?.lng ?? entry.lng,
    placeId: `street:${entry.townKey}:${entry.streetKey}${house ? `:${query.houseNumber}` : ''}`,
    located: best.located,
    exactStreet: best.street === 0,
    atHouse: house !== null,
    address: { street: entry.street, houseNumber: query.houseNumber, postcode, town: entry.town },
  };
}

/**
 * The streets that answer a query, best first, at most `limit`. `postcodeTownKeys` are the town keys
 * of the query's postcode (its places), for streets whose addresses named no postcode; `houses` the
 * index's addresses with the query's house number on these streets.
 */
export function rankStreets(
  entries: readonly StreetEntry[],
  query: StreetQuery,
  limit: number,
  postcodeTownKeys: ReadonlySet<string> = new Set(),
  houses: readonly HousePoint[] = [],
): StreetHit[] {
  const houseOf = new Map<string, HousePoint>();
  for (const house of houses) {
    const key = `${house.townKey}\u0000${house.streetKey}`;
    // In the query's postcode if the street crosses several.
    if (!houseOf.has(key) || house.postcode === query.postcode) houseOf.set(key, house);
  }
  const scored: Scored[] = [];
  for (const entry of entries) {
    const house = houseOf.get(`${entry.townKey}\u0000${entry.streetKey}`) ?? null;
    let best: Scored | null = null;
    for (const split of query.splits) {
      const s = score(entry, split, query, postcodeTownKeys, house);
      if (s && (!best || compare(s, best) < 0)) best = s;
    }
    if (best) scored.push(best);
  }
  return scored
    .sort(compare)
    .slice(0, Math.max(0, limit))
    .map((best) => toHit(best, query));
}
