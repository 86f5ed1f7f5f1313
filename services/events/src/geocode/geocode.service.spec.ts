import { Logger } from '@nestjs/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZGeocodeResult } from '@flohmarkt/contracts';
import { GeocoderError, type OnlineGeocodeHit, type ReverseAddress, type StreetHit } from '@flohmarkt/gazetteer';
import { GeocodeService } from './geocode.service.js';
import type { OnlineGeocoder } from './online-geocoder.js';
import type { StreetIndex } from './street-index.js';

const STREET: OnlineGeocodeHit = {
  displayName: 'Hauptstraße 5, 10827 Berlin, Deutschland',
  lat: 52.4887,
  lng: 13.3537,
  placeId: '4711',
  address: { street: 'Hauptstraße', houseNumber: '5', postcode: '10827', town: 'Berlin' },
};

/** A stand-in for the online geocoder that records its calls. */
function online(answer: { search?: () => Promise<OnlineGeocodeHit[]>; reverse?: () => Promise<ReverseAddress | null> }) {
  const calls: string[] = [];
  const geocoder: OnlineGeocoder = {
    search: (q) => {
      calls.push(`search ${q}`);
      return answer.search ? answer.search() : Promise.resolve([]);
    },
    reverseAddress: (lat, lng) => {
      calls.push(`reverse ${lat},${lng}`);
      return answer.reverse ? answer.reverse() : Promise.resolve(null);
    },
  };
  return { geocoder, calls };
}

const failing = () => Promise.reject(new GeocoderError('timeout', 'zu langsam'));

/** A stand-in for the street index (its database side has its own integration spec). */
function streetIndex(hits: StreetHit[] | Error): StreetIndex {
  return { find: () => (hits instanceof Error ? Promise.reject(hits) : Promise.resolve(hits)) } as unknown as StreetIndex;
}
const KNOWN_HOUSE: StreetHit = {
  displayName: 'Hauptstraße 5, 50667 Köln',
  lat: 50.9401,
  lng: 6.9551,
  placeId: 'street:koeln:hauptstrasse:5',
  located: true,
  exactStreet: true,
  atHouse: true,
  address: { street: 'Hauptstraße', houseNumber: '5', postcode: '50667', town: 'Köln' },
};
const KNOWN_STREET: StreetHit = { ...KNOWN_HOUSE, displayName: 'Hauptstraße, 50667 Köln', placeId: 'street:koeln:hauptstrasse', atHouse: false };

describe('GeocodeService (real offline gazetteer, no network)', () => {
  beforeAll(() => Logger.overrideLogger(false));

  describe('offline only', () => {
    const service = new GeocodeService(null);

    it('answers towns in the wire shape: numbers for lat and lng, a string id, only the town of the address parts, nothing more', async () => {
      const results = await service.search({ q: 'Berlin', limit: 5 });
      const address = { street: null, houseNumber: null, postcode: null, town: 'Berlin' };
      expect(results[0]).toEqual({ displayName: 'Berlin', lat: expect.any(Number), lng: expect.any(Number), placeId: expect.any(String), address });
      expect(results.length).toBeLessThanOrEqual(5);
      for (const result of results) expect(ZGeocodeResult.parse(result)).toEqual(result);
    });

    it('answers postcodes and keeps to the limit', async () => {
      expect((await service.search({ q: '10115', limit: 5 })).map((r) => r.displayName)).toEqual(['10115 Berlin']);
      expect(await service.search({ q: 'Neu', limit: 2 })).toHaveLength(2);
    });

    it('answers the town of an address, and nothing for nonsense', async () => {
      expect((await service.search({ q: 'Hauptstraße 5, Berlin', limit: 5 }))[0]?.displayName).toBe('Berlin');
      expect(await service.search({ q: 'xyzzyqwv', limit: 5 })).toEqual([]);
    });

    it('reverse-geocodes to the town, or to the coordinates with 4 decimals where none is near', async () => {
      expect((await service.reverse({ lat: 52.52, lng: 13.405 })).displayName).toMatch(/Berlin$/);
      expect(await service.reverse({ lat: 55.5, lng: 3 })).toEqual({ displayName: '55.5000, 3.0000' });
      expect(await service.reverse({ lat: -33.86789, lng: 151.20732 })).toEqual({ displayName: '-33.8679, 151.2073' });
    });
  });

  describe('with the street index', () => {
    it('puts the streets of the named town before the town an address was cut down to', async () => {
      const results = await new GeocodeService(null, streetIndex([KNOWN_STREET])).search({ q: 'Hauptstraße 7, Köln', limit: 5 });
      expect(results.map((r) => r.displayName)).toEqual(['Hauptstraße, 50667 Köln', 'Köln, Nordrhein-Westfalen']);
    });

    it('answers the places alone when the index fails', async () => {
      const results = await new GeocodeService(null, streetIndex(new Error('connection refused'))).search({ q: 'Hauptstraße 7, Köln', limit: 5 });
      expect(results.map((r) => r.displayName)).toEqual(['Köln, Nordrhein-Westfalen']);
    });
  });

  describe('with an online geocoder', () => {
    it('answers a known town offline without asking online', async () => {
      const { geocoder, calls } = online({ search: () => Promise.resolve([STREET]) });
      const results = await new GeocodeService(geocoder).search({ q: 'München', limit: 5 });
      expect(results[0]?.displayName).toBe('München, Bayern');
      expect(calls).toEqual([]);
    });

    it('asks online for a street address and answers its results', async () => {
      const { geocoder, calls } = online({ search: () => Promise.resolve([STREET]) });
      expect(await new GeocodeService(geocoder).search({ q: 'Hauptstraße 5, Berlin', limit: 5 })).toEqual([STREET]);
      expect(calls).toEqual(['search Hauptstraße 5, Berlin']);
    });

    it('asks online when the gazetteer knows nothing', async () => {
      const { geocoder, calls } = online({ search: () => Promise.resolve([]) });
      expect(await new GeocodeService(geocoder).search({ q: 'xyzzyqwv', limit: 5 })).toEqual([]);
      expect(calls).toEqual(['search xyzzyqwv']);
    });

    it('falls back to the offline answer when the geocoder fails or finds nothing', async () => {
      const down = new GeocodeService(online({ search: failing }).geocoder);
      expect((await down.search({ q: 'Hauptstraße 5, Berlin', limit: 5 }))[0]?.displayName).toBe('Berlin');
      const empty = new GeocodeService(online({ search: () => Promise.resolve([]) }).geocoder);
      expect((await empty.search({ q: 'Hauptstraße 5, 10115 Berlin', limit: 5 }))[0]?.displayName).toBe('10115 Berlin');
    });

    it('answers a house number the street index knows without asking online, and asks for one it does not know', async () => {
      const known = online({ search: () => Promise.resolve([STREET]) });
      const withHouse = await new GeocodeService(known.geocoder, streetIndex([KNOWN_HOUSE])).search({ q: 'Hauptstraße 5, Köln', limit: 5 });
      expect(withHouse[0]).toEqual({
        displayName: 'Hauptstraße 5, 50667 Köln',
        lat: 50.9401,
        lng: 6.9551,
        placeId: 'street:koeln:hauptstrasse:5',
        // The parts a stand form fills its address fields from (issue 33).
        address: { street: 'Hauptstraße', houseNumber: '5', postcode: '50667', town: 'Köln' },
      });
      expect(known.calls).toEqual([]);
      const unknown = online({ search: () => Promise.resolve([STREET]) });
      expect(await new GeocodeService(unknown.geocoder, streetIndex([KNOWN_STREET])).search({ q: 'Hauptstraße 7, Köln', limit: 5 })).toEqual([STREET]);
      expect(unknown.calls).toEqual(['search Hauptstraße 7, Köln']);
    });

    it('reverse-geocodes online first, then offline, then to coordinates', async () => {
      const line = 'Unter den Linden 1, 10117 Berlin, Deutschland';
      const street = online({
        reverse: () => Promise.resolve({ displayName: line, street: 'Unter den Linden', houseNumber: '1', postcode: '10117', town: 'Berlin' }),
      });
      expect(await new GeocodeService(street.geocoder).reverse({ lat: 52.517, lng: 13.389 })).toEqual({
        displayName: line,
        address: { street: 'Unter den Linden', houseNumber: '1', postcode: '10117', town: 'Berlin' },
      });
      expect(street.calls).toEqual(['reverse 52.517,13.389']);
      const down = new GeocodeService(online({ reverse: failing }).geocoder);
      expect((await down.reverse({ lat: 52.52, lng: 13.405 })).displayName).toMatch(/Berlin$/);
      const nothing = new GeocodeService(online({ reverse: () => Promise.resolve(null) }).geocoder);
      expect(await nothing.reverse({ lat: 55.5, lng: 3 })).toEqual({ displayName: '55.5000, 3.0000' });
    });
  });
});
