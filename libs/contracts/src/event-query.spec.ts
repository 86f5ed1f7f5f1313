import { describe, expect, it } from 'vitest';
import { ZEventListQuery } from './event-query.js';
import { VALIDATION } from './validation-messages.js';
import { firstMessage } from './testing/issues.js';

describe('ZEventListQuery', () => {
  it('accepts no parameters: the first page of at most 500 events', () => {
    expect(ZEventListQuery.parse({})).toEqual({ limit: 500, offset: 0 });
  });

  it('coerces query strings', () => {
    expect(
      ZEventListQuery.parse({
        upcoming: 'true',
        date: '2025-06-01',
        lat: '52.52',
        lng: '13.405',
        radiusKm: '25',
        bbox: '5.8,47.2,15.1,55.1',
        limit: '5',
        offset: '10',
      }),
    ).toEqual({
      upcoming: true,
      date: '2025-06-01',
      lat: 52.52,
      lng: 13.405,
      radiusKm: 25,
      bbox: { minLng: 5.8, minLat: 47.2, maxLng: 15.1, maxLat: 55.1 },
      limit: 5,
      offset: 10,
    });
    expect(ZEventListQuery.parse({ upcoming: 'false' }).upcoming).toBe(false);
  });

  it('applies the 50 km landing radius when only a centre is given', () => {
    expect(ZEventListQuery.parse({ lat: '52', lng: '13' }).radiusKm).toBe(50);
  });

  it('accepts radii up to 100 km and pages of up to 500 events', () => {
    expect(ZEventListQuery.parse({ lat: '52', lng: '13', radiusKm: '100', limit: '500' })).toMatchObject({ radiusKm: 100, limit: 500 });
  });

  it('treats blank parameters as absent', () => {
    expect(ZEventListQuery.parse({ date: '', lat: '', lng: '', bbox: '', upcoming: '', limit: '', offset: ' ' })).toEqual({ limit: 500, offset: 0 });
  });

  it.each([
    [{ upcoming: 'vielleicht' }, VALIDATION.invalidUpcoming],
    [{ date: '01.06.2025' }, VALIDATION.invalidDay],
    [{ date: '2025-02-30' }, VALIDATION.invalidDay],
    // The day after 9999-12-31 is no JJJJ-MM-TT: the search failed with a 500.
    [{ date: '9999-12-31' }, VALIDATION.dateOutOfRange],
    [{ date: '1999-12-31' }, VALIDATION.dateOutOfRange],
    [{ lat: '52' }, VALIDATION.coordinatesIncomplete],
    [{ lat: '95', lng: '13' }, VALIDATION.invalidLatitude],
    [{ radiusKm: '10' }, VALIDATION.radiusNeedsCenter],
    [{ lat: '52', lng: '13', radiusKm: '-1' }, VALIDATION.invalidRadius],
    [{ lat: '52', lng: '13', radiusKm: '100.1' }, VALIDATION.invalidRadius],
    [{ lat: '52', lng: '13', radiusKm: '20000' }, VALIDATION.invalidRadius],
    [{ bbox: '1,2,3' }, VALIDATION.invalidBbox],
    [{ bbox: '15,47,5,55' }, VALIDATION.invalidBbox],
    [{ limit: '0' }, VALIDATION.invalidLimit],
    [{ limit: '2.5' }, VALIDATION.invalidLimit],
    [{ limit: '501' }, VALIDATION.invalidLimit],
    [{ offset: '-1' }, VALIDATION.invalidOffset],
    [{ offset: '1e21' }, VALIDATION.invalidOffset],
    [{ offset: '10000001' }, VALIDATION.invalidOffset],
  ])('rejects %j', (query, message) => {
    expect(firstMessage(ZEventListQuery, query)).toBe(message);
  });
});
