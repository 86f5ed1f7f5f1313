import { describe, expect, it } from 'vitest';
import { gazetteer } from '../offline/default.js';
import { indexAddress, postcodeTownKeys, type IndexedAddress } from './indexed-address.js';
import { rankStreets, type HousePoint, type StreetEntry } from './street-ranking.js';
import { streetQuery } from './street-query.js';
import { mergeSuggestions } from './suggestions.js';

type Row = IndexedAddress & { lat: number; lng: number };

/** An address as an event's location would give it. */
function row(text: string, lat: number, lng: number): Row {
  const indexed = indexAddress(text, { lat, lng }, gazetteer());
  if (!indexed) throw new Error(`no street in ${text}`);
  return { ...indexed, lat, lng };
}

const ROWS: Row[] = [
  row('Hauptstraße 5, 50667 Köln', 50.9401, 6.9551),
  row('Hauptstr. 9, 50667 Köln', 50.9405, 6.9559),
  row('Hauptstraße 20, 50668 Köln', 50.9412, 6.9571),
  row('Hauptstraße 1, 10827 Berlin', 52.4887, 13.3537),
  row('Hauptstraße 7, 53604 Bad Honnef', 50.6447, 7.2273),
  row('Musterweg 12, 50667 Köln', 50.9381, 6.9581),
  row('Mühlenweg 3, Kiel', 54.3233, 10.1228),
];

/** The index's entries as the events service keeps them: per street and town, the first address's spelling and point. */
function entries(rows: readonly Row[]): StreetEntry[] {
  const byKey = new Map<string, StreetEntry>();
  for (const r of rows) {
    const key = `${r.townKey}|${r.streetKey}`;
    const entry = byKey.get(key);
    if (!entry) byKey.set(key, { ...r, postcodes: r.postcode ? [r.postcode] : [], addresses: 1 });
    else
      byKey.set(key, {
        ...entry,
        addresses: entry.addresses + 1,
        postcodes: r.postcode && !entry.postcodes.includes(r.postcode) ? [...entry.postcodes, r.postcode] : entry.postcodes,
      });
  }
  return [...byKey.values()];
}

function search(q: string, limit = 5) {
  const query = streetQuery(q);
  if (!query) return [];
  const houses: HousePoint[] = ROWS.filter((r) => r.houseNumber === query.houseNumber);
  return rankStreets(entries(ROWS), query, limit, postcodeTownKeys(query.postcode), houses);
}

describe('rankStreets', () => {
  it('finds "Hauptstraße 5, Köln" at the address that used the number, Köln first', () => {
    const [first, ...rest] = search('Hauptstraße 5, Köln');
    expect(first).toEqual({
      displayName: 'Hauptstraße 5, 50667 Köln',
      lat: 50.9401,
      lng: 6.9551,
      placeId: 'street:koeln:hauptstrasse:5',
      located: true,
      exactStreet: true,
      atHouse: true,
      address: { street: 'Hauptstraße', houseNumber: '5', postcode: '50667', town: 'Köln' },
    });
    // Only Köln's Hauptstraße is in Köln: the other towns' are no answer to this query.
    expect(rest).toEqual([]);
  });

  it('finds "hauptstrasse koeln" (ss and oe typed) at the street\'s point, without a house number or one of its two postcodes', () => {
    const [first] = search('hauptstrasse koeln');
    expect(first).toMatchObject({ displayName: 'Hauptstraße, Köln', lat: 50.9401, lng: 6.9551, placeId: 'street:koeln:hauptstrasse' });
  });

  it('finds "Musterweg 12 50667" by its postcode and house number', () => {
    expect(search('Musterweg 12 50667')[0]).toMatchObject({ displayName: 'Musterweg 12, 50667 Köln', lat: 50.9381, lng: 6.9581, located: true });
    expect(search('Musterweg 12 10115')).toEqual([]);
  });

  it('shows no house number the index does not know, and places the street at its own point', () => {
    expect(search('Hauptstraße 99, Köln')[0]).toMatchObject({ displayName: 'Hauptstraße, Köln', lat: 50.9401, lng: 6.9551 });
    // The postcode the query names is shown.
    expect(search('Hauptstraße 50668')[0]).toMatchObject({ displayName: 'Hauptstraße, 50668 Köln' });
  });

  it('without a town: the street in every town, the one with more addresses first', () => {
    expect(search('Hauptstr').map((h) => h.displayName)).toEqual(['Hauptstraße, Köln', 'Hauptstraße, 53604 Bad Honnef', 'Hauptstraße, 10827 Berlin']);
    expect(search('Hauptstr', 1)).toHaveLength(1);
  });

  it('finds umlauts typed without dots and a town typed first', () => {
    expect(search('muhlenweg')[0]?.displayName).toBe('Mühlenweg, Kiel');
    expect(search('Kiel Mühlenw')[0]).toMatchObject({ displayName: 'Mühlenweg, Kiel', located: true, exactStreet: false });
  });
});

describe('mergeSuggestions', () => {
  const place = (displayName: string, exact: boolean) => ({
    result: {
      displayName,
      lat: 1,
      lng: 2,
      placeId: displayName,
      kind: 'place' as const,
      approximate: false,
      address: { street: null, houseNumber: null, postcode: null, town: displayName },
    },
    exact,
  });
  const street = (displayName: string, located: boolean, exactStreet: boolean) => ({
    displayName,
    lat: 3,
    lng: 4,
    placeId: displayName,
    located,
    exactStreet,
    atHouse: false,
    address: { street: displayName.split(',')[0]!, houseNumber: null, postcode: null, town: 'Köln' },
  });

  it('puts the named place first, then located streets, exact streets, other places, other streets', () => {
    const merged = mergeSuggestions(
      [place('Bergheim', false), place('Berg', true)],
      [street('Bergstraße, Berlin', false, false), street('Berg, Köln', false, true), street('Bergweg, 50667 Köln', true, false)],
      10,
    );
    expect(merged.map((m) => m.displayName)).toEqual(['Berg', 'Bergweg, 50667 Köln', 'Berg, Köln', 'Bergheim', 'Bergstraße, Berlin']);
    // A place answers its town (for a form's Ort), nothing more: no kind or precision on the wire.
    expect(merged[0]).toEqual({
      displayName: 'Berg',
      lat: 1,
      lng: 2,
      placeId: 'Berg',
      address: { street: null, houseNumber: null, postcode: null, town: 'Berg' },
    });
    expect(merged[1]!.address).toEqual({ street: 'Bergweg', houseNumber: null, postcode: null, town: 'Köln' });
  });

  it('keeps to the limit and shows a label once', () => {
    expect(mergeSuggestions([place('Köln', true), place('Köln', false)], [street('A, Köln', true, true)], 2).map((m) => m.displayName)).toEqual([
      'Köln',
      'A, Köln',
    ]);
    expect(mergeSuggestions([place('Köln', true)], [street('A, Köln', true, true)], 1)).toHaveLength(1);
  });
});
