import { describe, expect, it } from 'vitest';
import { directionsUrl } from './coordinates.js';
import { holdEndsAt, holdTimeOver, holdsClosedReason } from './hold-window.js';

const market = { status: 'planned' as const, startDateTime: '2030-11-30T04:30:00.000Z', endDateTime: '2030-11-30T12:00:00.000Z' };

describe('the time for holds', () => {
  it('ends the stand’s minutes after the market’s start, from that instant on', () => {
    expect(holdEndsAt(market.startDateTime, 60).toISOString()).toBe('2030-11-30T05:30:00.000Z');
    expect(holdTimeOver(market.startDateTime, 60, new Date('2030-11-30T05:29:59.999Z'))).toBe(false);
    expect(holdTimeOver(market.startDateTime, 60, new Date('2030-11-30T05:30:00.000Z'))).toBe(true);
  });

  it('says why no hold can be asked for: cancelled, over, or too late; null while one can', () => {
    expect(holdsClosedReason(market, 60, new Date('2030-11-30T05:29:00.000Z'))).toBeNull();
    expect(holdsClosedReason(market, 60, new Date('2030-11-30T05:31:00.000Z'))).toBe('tooLate');
    expect(holdsClosedReason(market, 60, new Date('2030-11-30T12:00:00.000Z'))).toBe('ended');
    expect(holdsClosedReason({ ...market, status: 'cancelled' }, 60, new Date('2030-11-01T00:00:00.000Z'))).toBe('cancelled');
  });
});

describe('directionsUrl', () => {
  it('plans the route to the point on OpenStreetMap, the start left open', () => {
    expect(directionsUrl({ lat: 52.4989, lng: 13.3915 })).toBe('https://www.openstreetmap.org/directions?route=%3B52.4989%2C13.3915#map=16/52.4989/13.3915');
  });
});
