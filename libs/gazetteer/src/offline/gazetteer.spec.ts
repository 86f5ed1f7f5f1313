import { beforeAll, describe, expect, it } from 'vitest';
import { distanceKm, type LatLng } from '../geo/distance.js';
import { gazetteer, gazetteerBuildStats, reverse, search } from './default.js';

// Reference positions from the real world (town halls / centres), not from the data under test.
const BERLIN: LatLng = { lat: 52.52, lng: 13.405 };
const MUENCHEN: LatLng = { lat: 48.137, lng: 11.575 };
const NEUSTADT_HESSEN: LatLng = { lat: 50.85, lng: 9.117 };
const NEUSTADT_COBURG: LatLng = { lat: 50.329, lng: 11.121 };
const NEUSTADT_WEINSTRASSE: LatLng = { lat: 49.35, lng: 8.139 };

const first = (query: string) => search(query, 5)[0];

describe('offline gazetteer', () => {
  beforeAll(() => {
    gazetteer(); // built once here (from the registry packages: the sources have no build output)
  });

  it('reports what building the index cost', () => {
    const stats = gazetteerBuildStats()!;
    expect(stats.places).toBeGreaterThan(7650);
    expect(stats.postcodes).toBeGreaterThan(8000);
    expect(stats.ms).toBeGreaterThan(0);
  });

  it('finds Berlin first for "Berlin", with its coordinates', () => {
    const berlin = first('Berlin')!;
    expect(berlin).toMatchObject({ displayName: 'Berlin', kind: 'place', approximate: false });
    expect(distanceKm(berlin, BERLIN)).toBeLessThan(3);
  });

  it.each(['München', 'Muenchen', 'munchen', 'MÜNCHEN', '  münchen '])('finds München for %j', (query) => {
    const hit = first(query)!;
    expect(hit.displayName).toBe('München, Bayern');
    expect(distanceKm(hit, MUENCHEN)).toBeLessThan(3);
  });

  it('finds Frankfurt am Main before Frankfurt (Oder) for "Frankfurt"', () => {
    expect(
      search('Frankfurt', 5)
        .map((r) => r.displayName)
        .slice(0, 2),
    ).toEqual(['Frankfurt am Main, Hessen', 'Frankfurt (Oder), Brandenburg']);
  });

  it('finds the postcode 10115 in Berlin and 80331 in München', () => {
    const berlin = search('10115', 5);
    expect(berlin).toHaveLength(1);
    expect(berlin[0]).toMatchObject({ displayName: '10115 Berlin', kind: 'postcode', placeId: 'postcode-10115' });
    expect(distanceKm(berlin[0]!, BERLIN)).toBeLessThan(3);
    const muenchen = first('80331')!;
    expect(muenchen.displayName).toBe('80331 München, Bayern');
    expect(distanceKm(muenchen, MUENCHEN)).toBeLessThan(3);
  });

  it('matches postcodes by prefix, in order', () => {
    const codes = search('101', 3).map((r) => r.displayName.slice(0, 5));
    expect(codes).toEqual(['10115', '10117', '10119']);
  });

  it.each([
    ['35279', 'Neustadt (Hessen)', NEUSTADT_HESSEN],
    ['96465', 'Neustadt bei Coburg', NEUSTADT_COBURG],
    ['67433', 'Neustadt an der Weinstraße', NEUSTADT_WEINSTRASSE],
  ])('places the Neustadt postcode %s at %s', (code, _name, where) => {
    const hit = first(code)!;
    expect(hit.approximate).toBe(false);
    expect(distanceKm(hit, where)).toBeLessThan(5);
  });

  it('lists the Neustadts by size for "Neustadt", each once and in its state', () => {
    const names = search('Neustadt', 10).map((r) => r.displayName);
    expect(names[0]).toBe('Neustadt an der Weinstraße, Rheinland-Pfalz');
    expect(names).toContain('Neustadt (Hessen), Hessen');
    expect(new Set(names).size).toBe(names.length);
  });

  it('names the place of a postcode with several places when the query names it', () => {
    const hit = first('16845 Dreetz')!;
    expect(hit.displayName).toBe('16845 Dreetz, Brandenburg');
    expect(hit.kind).toBe('postcode');
  });

  it('finds a village GeoNames lacks by its postcode data, flagged approximate', () => {
    const hit = first('Schorfheide')!;
    expect(hit.displayName).toBe('16244 Schorfheide');
    expect(hit.approximate).toBe(true);
    expect(distanceKm(hit, { lat: 52.9, lng: 13.7 })).toBeLessThan(30);
  });

  it('finds the town of an address offline', () => {
    expect(first('Hauptstraße 5, Berlin')?.displayName).toBe('Berlin');
    expect(first('Hauptstraße 5 Berlin')?.displayName).toBe('Berlin');
    expect(first('Hauptstr. 12a, 10115 Berlin')?.displayName).toBe('10115 Berlin');
  });

  it('gives a postcode or place result the address parts it knows: postcode and town, never a street', () => {
    const noStreet = { street: null, houseNumber: null };
    // What a stand form fills PLZ and Ort from, for a typed address the street index does not know yet.
    expect(first('Wilhelmstraße 7, 10963 Berlin')).toMatchObject({ displayName: '10963 Berlin', address: { ...noStreet, postcode: '10963', town: 'Berlin' } });
    expect(first('50667')?.address).toEqual({ ...noStreet, postcode: '50667', town: 'Köln' });
    expect(first('Köln')?.address).toEqual({ ...noStreet, postcode: null, town: 'Köln' });
    expect(first('Hauptstraße 5, Köln')?.address).toEqual({ ...noStreet, postcode: null, town: 'Köln' });
    // The postcode data's spelling, as a letter names the town.
    expect(first('Stade')?.address.town).toBe('Stade');
  });

  it("leaves the town out where it would be a guess: a postcode's several places, a district", () => {
    expect(first('16845')?.address).toEqual({ street: null, houseNumber: null, postcode: '16845', town: null });
    expect(first('16845 Dreetz')?.address).toEqual({ street: null, houseNumber: null, postcode: '16845', town: 'Dreetz' });
    // A district: its addresses name Berlin, which the data do not say for sure (Mitte is in Hannover too).
    expect(first('Kreuzberg')).toMatchObject({ displayName: 'Kreuzberg, Berlin', address: { postcode: null, town: null } });
  });

  it('finds places spelt with abbreviations and titles', () => {
    expect(first('St. Ingbert')?.displayName).toBe('Sankt Ingbert, Saarland');
    expect(first('Stade')?.displayName).toBe('Hansestadt Stade, Niedersachsen');
  });

  it('answers nothing for nonsense, an empty query or a zero limit', () => {
    expect(search('xyzzyqwv', 5)).toEqual([]);
    expect(search('Hauptstraße 5, Qwxyzzy', 5)).toEqual([]);
    expect(search('   ', 5)).toEqual([]);
    expect(search('Berlin', 0)).toEqual([]);
    expect(search('99999', 5)).toEqual([]);
  });

  it('keeps to the limit', () => {
    expect(search('Neu', 3)).toHaveLength(3);
  });

  it('names Berlin for a point in Berlin, and the district with its town', () => {
    expect(reverse(BERLIN.lat, BERLIN.lng)?.displayName).toMatch(/Berlin$/);
    expect(reverse(52.445, 13.575)?.displayName).toBe('Köpenick, Berlin');
    expect(reverse(MUENCHEN.lat, MUENCHEN.lng)?.displayName).toBe('München, Bayern');
  });

  it('knows no place at sea or far outside Germany', () => {
    expect(reverse(55.5, 3.0)).toBeNull(); // North Sea
    expect(reverse(40.4, -3.7)).toBeNull(); // Madrid
    expect(reverse(BERLIN.lat, BERLIN.lng, 0.001)).toBeNull();
  });

  it('says which results the whole query names (the street search ranks around them)', () => {
    const exact = (q: string) =>
      gazetteer()
        .searchMatches(q, 5)
        .map((m) => `${m.result.displayName}${m.exact ? ' (exact)' : ''}`);
    expect(exact('Köln')[0]).toBe('Köln, Nordrhein-Westfalen (exact)');
    expect(exact('Koeln')[0]).toBe('Köln, Nordrhein-Westfalen (exact)');
    expect(exact('Frankfurt')[0]).toBe('Frankfurt am Main, Hessen (exact)');
    expect(exact('50667')).toEqual(['50667 Köln, Nordrhein-Westfalen (exact)']);
    expect(exact('5066')[0]).toMatch(/^50667 Köln/);
    expect(exact('Kö')[0]).not.toMatch(/exact/);
    // An address cut down to its town: the town is found, but it is not what the query names.
    expect(exact('Hauptstraße 5, Köln')).toEqual(['Köln, Nordrhein-Westfalen']);
    expect(exact('Musterweg 12 50667')).toEqual(['50667 Köln, Nordrhein-Westfalen']);
    expect(exact('50667 Köln')).toEqual(['50667 Köln, Nordrhein-Westfalen (exact)']);
  });

  it("names the town at a point, a postcode's places and a town named exactly", () => {
    expect(gazetteer().townAt(52.445, 13.575)).toBe('Berlin');
    expect(gazetteer().townAt(55.5, 3)).toBeNull();
    expect(gazetteer().postcodeNames('50667')).toEqual(['Köln']);
    expect(gazetteer().postcodeNames('00000')).toBeNull();
    expect(gazetteer().townNamed('Koeln')).toBe('Köln');
    expect(gazetteer().townNamed('Altstadt-Nordxyz')).toBeNull();
  });
});
