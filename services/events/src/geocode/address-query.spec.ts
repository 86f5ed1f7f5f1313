import { describe, expect, it } from 'vitest';
import { looksLikeAddress } from './address-query.js';

describe('looksLikeAddress', () => {
  it.each(['Hauptstraße 5', 'Hauptstr. 5, 10115 Berlin', 'Am Markt 12a, Kiel', 'Straße des 17. Juni 100', 'Kantstr. 12-14 Berlin', 'Bahnhofweg 3 b'])(
    'takes %j for an address',
    (query) => {
      expect(looksLikeAddress(query)).toBe(true);
    },
  );

  it.each(['Berlin', '10115', '10115 Berlin', 'Berlin 10115', 'Frankfurt am Main', '5 Hauptstraße'])('takes %j for a place or postcode', (query) => {
    expect(looksLikeAddress(query)).toBe(false);
  });
});
