import { describe, expect, it } from 'vitest';
import { planRouteRequest } from './plan-request.js';
import { planRoute } from './plan-route.js';
import { distanceFromTable } from './distance.js';
import { routePoints } from './route-points.js';
import type { TRouteStop } from './types.js';

const stops: TRouteStop[] = Array.from({ length: 20 }, (_, i) => ({ id: `s${i}`, lat: 50.9 + (i % 5) * 0.003, lng: 6.9 + Math.floor(i / 5) * 0.004 }));

describe('planRouteRequest', () => {
  it('plans as planRoute does, from plain data that survives structured cloning', () => {
    const request = structuredClone({ stops, start: { lat: 50.9, lng: 6.9 }, loop: true, mode: 'walk' as const, table: null });
    expect(planRouteRequest(request)).toEqual({ ok: true, route: planRoute({ stops, start: { lat: 50.9, lng: 6.9 }, loop: true, mode: 'walk' }) });
  });

  it('uses the street table in the order of routePoints', () => {
    const input = { stops: stops.slice(0, 5), start: { stopId: 's3' }, loop: false, mode: 'bike' as const };
    const points = routePoints(input);
    const table = points.map((a, i) => points.map((b, j) => (i === j ? 0 : 100 * (i + j) + (a.id === 's1' ? 5000 : 0))));
    const reply = planRouteRequest({ ...input, table });
    expect(reply).toEqual({ ok: true, route: planRoute({ ...input, distance: distanceFromTable(points, table) }) });
  });

  it('answers a typed error instead of throwing', () => {
    expect(planRouteRequest({ stops: [stops[0]!, stops[0]!], start: { lat: 50, lng: 7 }, loop: false, mode: 'walk', table: null })).toEqual({
      ok: false,
      error: { code: 'DUPLICATE_STOP', message: 'Jeder Stand darf nur einmal in der Runde vorkommen.', stopId: 's0' },
    });
    const points = 3;
    const unreachable = Array.from({ length: points }, () => Array.from({ length: points }, () => null));
    const reply = planRouteRequest({ stops: stops.slice(0, 2), start: { lat: 50, lng: 7 }, loop: false, mode: 'walk', table: unreachable });
    expect(reply.ok === false && reply.error.code).toBe('INVALID_DISTANCE');
  });
});
