import { describe, expect, it } from 'vitest';
import { DomainError, parseCallQuery } from '@flohmarkt/server-kit';
import { LIST_EVENTS, VALIDATION } from '@flohmarkt/contracts';

function refusal(raw: unknown): { status: number; message: string } {
  try {
    parseCallQuery(LIST_EVENTS, raw);
  } catch (err) {
    if (err instanceof DomainError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('accepted');
}

describe('GET /events query', () => {
  it('answers the first 500 events without parameters', () => {
    expect(parseCallQuery(LIST_EVENTS, {})).toEqual({ limit: 500, offset: 0 });
    expect(parseCallQuery(LIST_EVENTS, undefined)).toEqual({ limit: 500, offset: 0 });
  });

  it('reads the query strings as numbers, a day and a box, and applies 50 km around a point', () => {
    expect(parseCallQuery(LIST_EVENTS, { upcoming: 'true', date: '2031-05-10', lat: '50.9', lng: '6.95', limit: '5', offset: '10' })).toEqual({
      upcoming: true,
      date: '2031-05-10',
      lat: 50.9,
      lng: 6.95,
      radiusKm: 50,
      limit: 5,
      offset: 10,
    });
    expect(parseCallQuery(LIST_EVENTS, { lat: '50', lng: '7', radiusKm: '12.5' }).radiusKm).toBe(12.5);
    expect(parseCallQuery(LIST_EVENTS, { bbox: '6,50,7.5,51' }).bbox).toEqual({ minLng: 6, minLat: 50, maxLng: 7.5, maxLat: 51 });
    expect(parseCallQuery(LIST_EVENTS, { upcoming: 'false' }).upcoming).toBe(false);
  });

  it('treats blank values as not given and ignores unknown keys', () => {
    expect(parseCallQuery(LIST_EVENTS, { date: '', lat: ' ', lng: '', upcoming: '', sort: '', colour: 'blau' })).toEqual({ limit: 500, offset: 0 });
  });

  it.each([
    [{ upcoming: 'maybe' }, VALIDATION.invalidUpcoming],
    [{ date: '10.05.2031' }, VALIDATION.invalidDay],
    [{ date: '2031-02-30' }, VALIDATION.invalidDay],
    [{ lat: '91', lng: '7' }, VALIDATION.invalidLatitude],
    [{ lat: '50', lng: 'east' }, VALIDATION.invalidLongitude],
    [{ lat: '50' }, VALIDATION.coordinatesIncomplete],
    [{ radiusKm: '10' }, VALIDATION.radiusNeedsCenter],
    [{ lat: '50', lng: '7', radiusKm: '0' }, VALIDATION.invalidRadius],
    [{ lat: '50', lng: '7', radiusKm: '101' }, VALIDATION.invalidRadius],
    [{ bbox: '7,50,6,51' }, VALIDATION.invalidBbox],
    [{ bbox: '1,2,3' }, VALIDATION.invalidBbox],
    [{ limit: '0' }, VALIDATION.invalidLimit],
    [{ limit: '2.5' }, VALIDATION.invalidLimit],
    [{ limit: '501' }, VALIDATION.invalidLimit],
    [{ offset: '-1' }, VALIDATION.invalidOffset],
    [{ date: ['2031-05-10', '2031-05-11'] }, VALIDATION.invalidDay],
    [{ sort: 'distance' }, VALIDATION.sortNeedsCenter],
    [{ lat: '50', lng: '7', sort: 'name' }, VALIDATION.invalidSort],
  ])('refuses %j with 400 and a German sentence', (raw, message) => {
    expect(refusal(raw)).toEqual({ status: 400, message });
  });
});
