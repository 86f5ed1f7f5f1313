import { describe, expect, it } from 'vitest';
import { formatCoordinates, haversineKm, standDistanceError, toLatLng } from './coordinates.js';
import { ZGeocodeQuery, ZGeocodeResult } from './geo.js';
import { standTooFar } from './messages.js';
import { VALIDATION } from './validation-messages.js';
import { firstMessage } from './testing/issues.js';

const BERLIN = { lat: 52.52, lng: 13.405 };
const MUNICH = { lat: 48.137, lng: 11.575 };

describe('haversineKm', () => {
  it('gives about 504 km from Berlin to Munich', () => {
    expect(haversineKm(BERLIN, MUNICH)).toBeCloseTo(504, 0);
  });

  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(BERLIN, BERLIN)).toBe(0);
    expect(haversineKm(MUNICH, BERLIN)).toBeCloseTo(haversineKm(BERLIN, MUNICH), 9);
  });
});

describe('standDistanceError', () => {
  it('allows 15 km and refuses farther with the spec message', () => {
    const near = { lat: BERLIN.lat + 0.1, lng: BERLIN.lng };
    expect(standDistanceError(BERLIN, near)).toBeNull();
    const far = { lat: BERLIN.lat + 0.2, lng: BERLIN.lng };
    expect(standDistanceError(BERLIN, far)).toBe(standTooFar(haversineKm(BERLIN, far)));
    expect(standDistanceError(BERLIN, far)).toBe('Die gewählte Position ist 22.2km vom Flohmarkt entfernt. Maximal erlaubt sind 15km.');
  });

  it('skips the check when the event has no coordinates', () => {
    expect(standDistanceError(null, MUNICH)).toBeNull();
    expect(toLatLng(null, '13.4')).toBeNull();
    expect(toLatLng('52.52000000', '13.40500000')).toEqual(BERLIN);
  });
});

describe('geocoding shapes', () => {
  it('normalise the place id and format the fallback', () => {
    expect(ZGeocodeResult.parse({ displayName: 'Berlin', lat: 52.52, lng: 13.405, placeId: 123 }).placeId).toBe('123');
    expect(formatCoordinates(BERLIN)).toBe('52.5200, 13.4050');
  });

  it('need 3 characters, default to 5 results and cap the limit at 10', () => {
    expect(ZGeocodeQuery.parse({ q: 'Berlin' })).toEqual({ q: 'Berlin', limit: 5 });
    expect(ZGeocodeQuery.parse({ q: 'Berlin', limit: '10' })).toEqual({ q: 'Berlin', limit: 10 });
    expect(firstMessage(ZGeocodeQuery, { q: 'Be' })).toBe(VALIDATION.searchTooShort);
    expect(firstMessage(ZGeocodeQuery, { q: 'Berlin', limit: '11' })).toBe(VALIDATION.invalidGeocodeLimit);
  });
});
