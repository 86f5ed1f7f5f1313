import { describe, expect, it } from 'vitest';
import { distanceKm } from '../geo/distance.js';
import { compileGazetteer } from './compile.js';
import type { RawCity, RawSources } from './raw-sources.js';

const city = (name: string, lat: number, lng: number, admin1 = '05'): RawCity => ({
  name,
  lat: String(lat),
  lng: String(lng),
  country: 'DE',
  admin1,
  admin2: '',
});

/**
 * A small made-up region 35xxx around Marburg (real coordinates), with two namesakes of
 * 'Neustadt' far away, a village GeoNames lacks, and a namesake 'Steinberg' 300 km off.
 */
const sources: RawSources = {
  cities: [
    city('Marburg', 50.80904, 8.77069),
    city('Kirchhain', 50.82468, 8.92127),
    city('Stadtallendorf', 50.82261, 9.01294),
    city('Amöneburg', 50.79781, 8.9225),
    city('Neustadt', 53.55196, 9.98558, '04'), // a quarter of Hamburg
    city('Neustadt (Hessen)', 50.85, 9.11667),
    city('Neustadt an der Weinstraße', 49.35009, 8.13886, '08'),
    city('Steinberg', 54.76667, 9.78333, '10'),
  ],
  postcodes: {
    '35037': ['Marburg'],
    '35274': ['Kirchhain'],
    '35277': ['Steinberg'],
    '35279': ['Neustadt'],
    '35287': ['Amöneburg'],
    '35260': ['Stadtallendorf'],
    '35288': ['Wohratal'],
    '67433': ['Neustadt an der Weinstraße'],
  },
};

const data = compileGazetteer(sources);
const postcode = (code: string) => data.postcodes.find((p) => p[0] === code)!;
const place = (name: string) => data.places.find((p) => p[0] === name)!;

describe('compiling the gazetteer', () => {
  it('places a postcode at its only place', () => {
    expect(postcode('35037').slice(2, 6)).toEqual([50.80904, 8.77069, '05', 0]);
  });

  it('resolves an ambiguous name to the namesake nearest the neighbouring postcodes', () => {
    const [, , lat, lng, state, approximate] = postcode('35279');
    expect(distanceKm({ lat, lng }, { lat: 50.85, lng: 9.11667 })).toBeLessThan(1);
    expect([state, approximate]).toEqual(['05', 0]);
  });

  it('refuses a namesake far from the region and places the postcode by its neighbours, flagged approximate', () => {
    const [, , lat, lng, , approximate] = postcode('35277');
    expect(approximate).toBe(1);
    expect(distanceKm({ lat, lng }, { lat: 50.81, lng: 8.9 })).toBeLessThan(30);
    expect(place('Steinberg')[4]).toBe(0); // the far Steinberg got no postcode
  });

  it('adds a village GeoNames lacks as an approximate place known by its postcode', () => {
    const village = data.places.find((p) => p[0] === 'Wohratal')!;
    expect(village[5]).toBe(1);
    expect(village[6]).toBe('35288');
  });

  it('counts the postcodes each place owns and records the spelling it was found by', () => {
    expect(place('Marburg')[4]).toBe(1);
    expect(place('Neustadt (Hessen)')[4]).toBe(1);
    expect(place('Neustadt (Hessen)')[7]).toEqual(['Neustadt']);
    expect(place('Neustadt')[4]).toBe(0);
  });

  it('names Munich and Nuremberg in German', () => {
    const renamed = compileGazetteer({ cities: [city('Munich', 48.13743, 11.57549, '02')], postcodes: { '80331': ['München'] } });
    expect(renamed.places[0]![0]).toBe('München');
    expect(renamed.postcodes[0]!.slice(2, 4)).toEqual([48.13743, 11.57549]);
  });
});
