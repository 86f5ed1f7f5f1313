// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDistance, routeLegs, type ShownRoute } from './route-plan';
import { parseSharedRoute, routeSharePath } from './share-route';

describe('share link of a round', () => {
  it('carries the order itself and opens the same round', () => {
    const route: ShownRoute = {
      order: ['c', 'a', 'b'],
      start: { kind: 'point', point: { lat: 52.5, lng: 13.4 }, label: 'Mein Standort' },
      loop: false,
      mode: 'bike',
    };
    const path = routeSharePath('event-1', route);
    expect(path.startsWith('/events/event-1/runde?')).toBe(true);
    const parsed = parseSharedRoute(new URL(path, 'http://localhost').searchParams);
    expect(parsed).toEqual({ ...route, start: { kind: 'point', point: { lat: 52.5, lng: 13.4 }, label: 'Startpunkt' } });
  });

  it('starts at the first stand without a position, drops repeats, and refuses an empty link', () => {
    expect(parseSharedRoute(new URLSearchParams('reihe=x,y,x'))).toEqual({
      order: ['x', 'y'],
      start: { kind: 'stand', standId: 'x' },
      loop: true,
      mode: 'walk',
    });
    expect(parseSharedRoute(new URLSearchParams('reihe=x&ab=95,13'))?.start).toEqual({ kind: 'stand', standId: 'x' });
    expect(parseSharedRoute(new URLSearchParams(''))).toBeNull();
  });
});

describe('legs of a shown round', () => {
  it('adds the way back for a round trip', () => {
    const stops = new Map([
      ['a', { lat: 52.5, lng: 13.4 }],
      ['b', { lat: 52.509, lng: 13.4 }],
    ]);
    const oneWay = routeLegs({ order: ['a', 'b'], start: { kind: 'stand', standId: 'a' }, loop: false, mode: 'walk' }, stops);
    expect(oneWay.rows.map((row) => row.standId)).toEqual(['a', 'b']);
    expect(oneWay.rows[0]!.distanceM).toBe(0);
    expect(oneWay.rows[1]!.distanceM).toBeGreaterThan(990);
    expect(oneWay.rows[1]!.distanceM).toBeLessThan(1010);
    const loop = routeLegs({ order: ['a', 'b'], start: { kind: 'stand', standId: 'a' }, loop: true, mode: 'walk' }, stops);
    expect(loop.totalM).toBe(2 * oneWay.totalM);
  });

  it('says metres and kilometres in German', () => {
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(1234)).toBe('1,2 km');
  });
});
