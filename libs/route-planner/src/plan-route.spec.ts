import { describe, expect, it } from 'vitest';
import { distanceFromTable, straightLineM } from './distance.js';
import { RoutePlanError } from './errors.js';
import { planRoute } from './plan-route.js';
import { routePoints } from './route-points.js';
import { randomPoint, randomStops } from './testing/random-stops.js';
import type { TPlanRouteInput, TPlannedRoute } from './types.js';

const HOME = { lat: 50.94, lng: 6.92 };

function errorOf(input: TPlanRouteInput): RoutePlanError {
  try {
    planRoute(input);
  } catch (error) {
    if (error instanceof RoutePlanError) return error;
    throw error;
  }
  throw new Error('planRoute accepted the input');
}

/** Legs join up: each begins where the one before ended. */
function expectChained(route: TPlannedRoute) {
  for (let i = 1; i < route.legs.length; i++) expect(route.legs[i]!.from).toBe(route.legs[i - 1]!.to);
  expect(route.distanceM).toBe(route.legs.reduce((sum, leg) => sum + leg.distanceM, 0));
}

describe('planRoute', () => {
  it('answers an empty round for no stops', () => {
    expect(planRoute({ stops: [], start: HOME, loop: true, mode: 'walk' })).toMatchObject({ order: [], distanceM: 0, legs: [], exact: true });
  });

  it('goes there and back for one stop from a position', () => {
    const stop = { id: 'a', lat: 50.95, lng: 6.92 };
    const metres = Math.round(straightLineM(HOME, stop));
    const route = planRoute({ stops: [stop], start: HOME, loop: true, mode: 'walk' });
    expect(route.order).toEqual(['a']);
    expect(route.legs).toEqual([
      { from: null, to: 'a', distanceM: metres },
      { from: 'a', to: null, distanceM: metres },
    ]);
    expect(route.distanceM).toBe(2 * metres);
    expect(metres).toBeGreaterThan(1100);
  });

  it('has nothing to walk for one stop that is also the start', () => {
    const route = planRoute({ stops: [{ id: 'a', ...HOME }], start: { stopId: 'a' }, loop: true, mode: 'walk' });
    expect(route).toMatchObject({ order: ['a'], distanceM: 0, legs: [] });
  });

  it('visits the nearer of two stops first on a one-way route', () => {
    const near = { id: 'near', lat: 50.941, lng: 6.92 };
    const far = { id: 'far', lat: 50.96, lng: 6.92 };
    const route = planRoute({ stops: [far, near], start: HOME, loop: false, mode: 'bike' });
    expect(route.order).toEqual(['near', 'far']);
    expect(route.legs.map((leg) => [leg.from, leg.to])).toEqual([
      [null, 'near'],
      ['near', 'far'],
    ]);
  });

  it('takes stops on the same spot in one go, at no distance', () => {
    const stops = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, lat: 50.95, lng: 6.93 }));
    const route = planRoute({ stops, start: { stopId: 'c' }, loop: true, mode: 'walk' });
    expect(route.order[0]).toBe('c');
    expect([...route.order].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(route.distanceM).toBe(0);
  });

  it('starts at the chosen stop, visits every stop once and returns to it', () => {
    const stops = randomStops(9, 5);
    const route = planRoute({ stops, start: { stopId: stops[4]!.id }, loop: true, mode: 'walk' });
    expect(route.order[0]).toBe(stops[4]!.id);
    expect(new Set(route.order)).toEqual(new Set(stops.map((s) => s.id)));
    expect(route.legs).toHaveLength(9);
    expect(route.legs[8]!.to).toBe(stops[4]!.id);
    expectChained(route);
    expect(route.exact).toBe(true);
  });

  it('is exact up to 12 stops and uses the heuristic above, with the same answer each time', () => {
    const twelve = planRoute({ stops: randomStops(12, 8), start: randomPoint(8), loop: false, mode: 'walk' });
    expect(twelve.exact).toBe(true);
    const input = { stops: randomStops(13, 8), start: randomPoint(8), loop: false, mode: 'walk' } as const;
    const thirteen = planRoute(input);
    expect(thirteen.exact).toBe(false);
    expect(thirteen.legs).toHaveLength(13);
    expectChained(thirteen);
    expect(planRoute(input)).toEqual(thirteen);
  });

  it('plans 150 stops, the most a round may have', () => {
    const stops = randomStops(150, 3);
    const route = planRoute({ stops, start: randomPoint(3), loop: true, mode: 'bike' });
    expect(new Set(route.order).size).toBe(150);
    expect(route.legs).toHaveLength(151);
    expectChained(route);
  });

  it('estimates the time by mode: cycling is faster than walking', () => {
    const input = { stops: randomStops(6, 2), start: HOME, loop: true } as const;
    const walk = planRoute({ ...input, mode: 'walk' });
    const bike = planRoute({ ...input, mode: 'bike' });
    expect(walk.distanceM).toBe(bike.distanceM);
    expect(walk.durationS).toBe(Math.round(walk.distanceM / 1.25));
    expect(bike.durationS).toBeLessThan(walk.durationS / 3);
  });

  it('follows the distance function it is given, one-way streets included', () => {
    // Three stops on a line; a "street" that makes b → a very long and a → b short.
    const stops = [
      { id: 'a', lat: 50.95, lng: 6.9 },
      { id: 'b', lat: 50.95, lng: 6.91 },
      { id: 'c', lat: 50.95, lng: 6.92 },
    ];
    const distance = (from: { id: string | null }, to: { id: string | null }) => (from.id === 'c' && to.id === 'a' ? 50_000 : 1000);
    const route = planRoute({ stops, start: { stopId: 'a' }, loop: true, mode: 'walk', distance });
    // a → b → c → a would use c → a (50 km); a → c → b → a does not.
    expect(route.order).toEqual(['a', 'c', 'b']);
    expect(route.distanceM).toBe(3000);
  });

  it('reads street distances from a table in the order of routePoints', () => {
    const input = { stops: randomStops(4, 9), start: HOME, loop: false, mode: 'walk' } as const;
    const points = routePoints(input);
    const table = points.map((a) => points.map((b) => Math.round(straightLineM(a, b) * 1.3)));
    const route = planRoute({ ...input, distance: distanceFromTable(points, table) });
    expect(route.distanceM).toBe(Math.round(planRoute(input).legs.reduce((sum, leg) => sum + leg.distanceM * 1.3, 0)));
  });

  it('refuses unusable distances (an unreachable pair from the routing server)', () => {
    const input = { stops: randomStops(3, 9), start: HOME, loop: false, mode: 'walk' } as const;
    const points = routePoints(input);
    const table = points.map((a) => points.map((b) => (a.id === null && b.id !== null ? null : 500)));
    expect(errorOf({ ...input, distance: distanceFromTable(points, table) }).code).toBe('INVALID_DISTANCE');
    expect(errorOf({ ...input, distance: () => -1 }).code).toBe('INVALID_DISTANCE');
  });

  describe('bad input: typed errors with German messages', () => {
    it('more than 150 stops', () => {
      const error = errorOf({ stops: randomStops(151, 1), start: HOME, loop: true, mode: 'walk' });
      expect(error.code).toBe('TOO_MANY_STOPS');
      expect(error.message).toBe('Eine Runde kann höchstens 150 Stände umfassen (gewählt: 151).');
    });

    it('a stop twice', () => {
      const stops = [...randomStops(3, 1), { ...randomStops(3, 1)[1]! }];
      const error = errorOf({ stops, start: HOME, loop: true, mode: 'walk' });
      expect(error).toMatchObject({ code: 'DUPLICATE_STOP', stopId: stops[1]!.id, message: 'Jeder Stand darf nur einmal in der Runde vorkommen.' });
    });

    it('a start stop that is not among the stops', () => {
      expect(errorOf({ stops: randomStops(3, 1), start: { stopId: 'elsewhere' }, loop: true, mode: 'walk' })).toMatchObject({
        code: 'UNKNOWN_START_STOP',
        message: 'Der Startstand gehört nicht zu den Ständen der Runde.',
      });
      expect(errorOf({ stops: [], start: { stopId: 'elsewhere' }, loop: true, mode: 'walk' }).code).toBe('UNKNOWN_START_STOP');
    });

    it('coordinates outside the globe, missing ids, a bad start, an unknown mode', () => {
      expect(errorOf({ stops: [{ id: 'a', lat: 91, lng: 0 }], start: HOME, loop: true, mode: 'walk' }).code).toBe('INVALID_STOP');
      expect(errorOf({ stops: [{ id: 'a', lat: Number.NaN, lng: 0 }], start: HOME, loop: true, mode: 'walk' }).code).toBe('INVALID_STOP');
      expect(errorOf({ stops: [{ id: '', lat: 50, lng: 7 }], start: HOME, loop: true, mode: 'walk' }).code).toBe('INVALID_STOP');
      expect(errorOf({ stops: [], start: { lat: 50, lng: 181 }, loop: true, mode: 'walk' }).message).toBe('Der Startpunkt hat keine gültigen Koordinaten.');
      expect(errorOf({ stops: [], start: HOME, loop: true, mode: 'car' as 'walk' }).code).toBe('INVALID_MODE');
    });
  });
});
