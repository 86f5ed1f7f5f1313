import { describe, expect, it } from 'vitest';
import { planRoute } from '@flohmarkt/route-planner';
import { streetOrder, type TPlacedStand } from './street-order.js';
import { walkOrder } from './walk-order.js';

// About 1 m in degrees at 52.5° N.
const M_LAT = 1 / 111_195;
const M_LNG = 1 / (111_195 * Math.cos((52.5 * Math.PI) / 180));
const at = (id: string, eastM: number, northM: number): TPlacedStand => ({ id, lat: 52.5 + northM * M_LAT, lng: 13.4 + eastM * M_LNG });

/** A quarter of three parallel east–west streets (150 m apart unless told), a stand every 20 m on alternate sides. */
function quarter(apartM = 150): TPlacedStand[] {
  const stands: TPlacedStand[] = [];
  for (const [street, north] of [
    ['a', 0],
    ['b', apartM],
    ['c', 2 * apartM],
  ] as const) {
    for (let i = 0; i < 8; i++) stands.push(at(`${street}${i}`, i * 20, north + (i % 2 ? 6 : -6)));
  }
  return stands;
}

const streetOf = (id: string) => id[0];

describe('streetOrder', () => {
  it('walks one street to its end, then the next one back (a serpentine), starting next to the start', () => {
    const order = streetOrder(quarter(), at('start', -20, -20));
    expect(order.map(streetOf).join('')).toBe('aaaaaaaabbbbbbbbcccccccc');
    expect(order.slice(0, 8)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']);
    expect(order.slice(8, 16)).toEqual(['b7', 'b6', 'b5', 'b4', 'b3', 'b2', 'b1', 'b0']);
    expect(order.slice(16)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
  });

  it('tells streets apart that lie only 50 m apart', () => {
    const order = streetOrder(quarter(50), at('start', -20, -20));
    expect(order.map(streetOf).join('')).toBe('aaaaaaaabbbbbbbbcccccccc');
    expect(order.slice(8, 10)).toEqual(['b7', 'b6']);
  });

  it('begins at the far corner when the start is there', () => {
    const order = streetOrder(quarter(), at('start', 160, 320));
    expect(order.slice(0, 3)).toEqual(['c7', 'c6', 'c5']);
    expect(order.map(streetOf).join('')).toBe('ccccccccbbbbbbbbaaaaaaaa');
  });

  it('follows a road in any direction: one diagonal road is one strip, walked end to end', () => {
    const road = Array.from({ length: 10 }, (_, i) => at(`r${i}`, i * 50, i * 50 + (i % 2 ? 5 : -5)));
    expect(streetOrder(road, at('start', -30, -30))).toEqual(road.map((s) => s.id));
  });

  it('is a permutation that does not depend on the input order', () => {
    const stands = quarter();
    const order = streetOrder(stands, null);
    expect([...order].sort()).toEqual(stands.map((s) => s.id).sort());
    expect(streetOrder([...stands].reverse(), null)).toEqual(order);
  });
});

describe('walkOrder', () => {
  it('is the route planner’s shortest one-way walk from the start', () => {
    const stands = quarter().slice(0, 11);
    const start = { lat: 52.5, lng: 13.4 };
    const planned = planRoute({ stops: stands, start, loop: false, mode: 'walk' });
    expect(walkOrder(stands, start)).toEqual(planned.order);
  });

  it('begins at the first stand street by street when there is no start', () => {
    const stands = quarter().slice(0, 9);
    const first = streetOrder(stands, null)[0]!;
    expect(walkOrder(stands, null)[0]).toBe(first);
    expect(walkOrder(stands, null)).toEqual(planRoute({ stops: stands, start: { stopId: first }, loop: false, mode: 'walk' }).order);
  });

  it('numbers a market of more than 150 stands in legs, every stand once', () => {
    const stands: TPlacedStand[] = [];
    for (let row = 0; row < 20; row++) for (let i = 0; i < 16; i++) stands.push(at(`s${row}-${i}`, i * 20, row * 30));
    const order = walkOrder(stands, { lat: 52.5, lng: 13.4 });
    expect(order).toHaveLength(320);
    expect(new Set(order).size).toBe(320);
  });
});
