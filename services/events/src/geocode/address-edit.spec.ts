import { describe, expect, it } from 'vitest';
import { addressEdit } from './street-index.js';

const stored = { location: 'Hauptstraße 5, 50667 Köln', latitude: '50.94014000', longitude: '6.95512000' };

describe('addressEdit (what an edit did to the address, for the street index)', () => {
  it('a new point is placed, with a new text or without', () => {
    expect(addressEdit(stored, { location: 'Musterweg 12, 50667 Köln', latitude: '50.93812', longitude: '6.95814' })).toBe('placed');
    expect(addressEdit(stored, { latitude: '50.94051' })).toBe('placed');
    expect(addressEdit(stored, { latitude: null, longitude: null })).toBe('placed');
  });

  it('a new text on the same point (as the decimals are sent again) is retyped', () => {
    expect(addressEdit(stored, { location: 'Musterweg 12, 50667 Köln', latitude: '50.94014', longitude: '6.95512' })).toBe('retyped');
    expect(addressEdit(stored, { location: 'Musterweg 12, 50667 Köln' })).toBe('retyped');
  });

  it('the same text and point, or neither sent, leave the index alone', () => {
    expect(addressEdit(stored, { location: stored.location, latitude: '50.94014', longitude: '6.95512' })).toBe('untouched');
    expect(addressEdit(stored, {})).toBe('untouched');
    expect(addressEdit({ location: 'Schulhof', latitude: null, longitude: null }, { latitude: null, longitude: null })).toBe('untouched');
  });
});
