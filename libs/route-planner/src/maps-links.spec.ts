import { describe, expect, it } from 'vitest';
import { RoutePlanError } from './errors.js';
import { appleMapsLinks, mapsLinks } from './maps-links.js';
import { randomStops } from './testing/random-stops.js';
import type { TPoint } from './types.js';

const HOME = { lat: 50.94, lng: 6.92 };
const at = (point: TPoint) => `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;

/** The points of a Google link: origin, waypoints, destination. */
function googlePoints(link: string): string[] {
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
  expect(url.searchParams.get('api')).toBe('1');
  const waypoints = url.searchParams.get('waypoints');
  return [url.searchParams.get('origin')!, ...(waypoints ? waypoints.split('|') : []), url.searchParams.get('destination')!];
}

function applePoints(link: string): string[] {
  const url = new URL(link);
  expect(url.host).toBe('maps.apple.com');
  // "+" in a query is a space: Apple Maps reads "A to:B to:C".
  return [url.searchParams.get('saddr')!, ...url.searchParams.get('daddr')!.split(' to:')];
}

describe('mapsLinks', () => {
  const stops = randomStops(20, 4);
  const order = stops.map((s) => s.id).reverse();
  const expected = [at(HOME), ...order.map((id) => at(stops.find((s) => s.id === id)!)), at(HOME)];

  for (const [name, build, points] of [
    ['Google Maps', mapsLinks, googlePoints],
    ['Apple Maps', appleMapsLinks, applePoints],
  ] as const) {
    it(`${name}: at most 9 points a link, chained, every stop in order, back to the start`, () => {
      const links = build(order, stops, HOME, { loop: true, mode: 'walk' }).map(points);
      // 22 points: 0–8, 8–16, 16–21.
      expect(links.map((link) => link.length)).toEqual([9, 9, 6]);
      for (let i = 1; i < links.length; i++) expect(links[i]![0]).toBe(links[i - 1]!.at(-1));
      expect([links[0]![0], ...links.flatMap((link) => link.slice(1))]).toEqual(expected);
    });
  }

  it('names the travel mode', () => {
    const [walk] = mapsLinks(order, stops, HOME, { mode: 'walk' });
    const [bike] = mapsLinks(order, stops, HOME, { mode: 'bike' });
    expect(new URL(walk!).searchParams.get('travelmode')).toBe('walking');
    expect(new URL(bike!).searchParams.get('travelmode')).toBe('bicycling');
  });

  it('starts at the start stop without counting it twice; one way ends at the last stop', () => {
    const few = stops.slice(0, 5);
    const links = mapsLinks(
      few.map((s) => s.id),
      few,
      { stopId: few[0]!.id },
      { loop: false },
    );
    expect(links).toHaveLength(1);
    expect(googlePoints(links[0]!)).toEqual(few.map(at));
  });

  it('has no link without stops and refuses an id it does not know', () => {
    expect(mapsLinks([], [], HOME, { loop: true })).toEqual([]);
    expect(() => mapsLinks(['ghost'], stops, HOME)).toThrow(RoutePlanError);
  });
});
