import { describe, expect, it } from 'vitest';
import { namedStreetOrder, type TNamedStand } from './named-street-order.js';
import { streetOrder } from './street-order.js';

// About 1 m in degrees at 52.5° N.
const M_LAT = 1 / 111_195;
const M_LNG = 1 / (111_195 * Math.cos((52.5 * Math.PI) / 180));
const at = (id: string, eastM: number, northM: number, street: string | null): TNamedStand => ({
  id,
  lat: 52.5 + northM * M_LAT,
  lng: 13.4 + eastM * M_LNG,
  street,
});
const point = (eastM: number, northM: number) => ({ lat: 52.5 + northM * M_LAT, lng: 13.4 + eastM * M_LNG });

/**
 * An L-shaped corner: Hauptstraße runs east from the corner, Gartenweg north from it, 40 m apart at
 * their nearest stands — too close for the strips of streetOrder to tell them apart reliably, but the
 * geocoder names them.
 */
function corner(): TNamedStand[] {
  const stands: TNamedStand[] = [];
  for (let i = 0; i < 6; i++) stands.push(at(`h${i}`, 20 + i * 25, i % 2 ? 6 : -6, 'Hauptstraße'));
  for (let i = 0; i < 5; i++) stands.push(at(`g${i}`, i % 2 ? 6 : -6, 20 + i * 25, 'Gartenweg'));
  return stands;
}

describe('namedStreetOrder', () => {
  it('walks each named street end to end, the nearest first, then the next from its nearer end', () => {
    // Starting at the far end of Hauptstraße: along it to the corner, then up the Gartenweg.
    expect(namedStreetOrder(corner(), point(200, 0))).toEqual(['h5', 'h4', 'h3', 'h2', 'h1', 'h0', 'g0', 'g1', 'g2', 'g3', 'g4']);
    // Starting at the top of the Gartenweg: down it, then out along Hauptstraße.
    expect(namedStreetOrder(corner(), point(0, 180))).toEqual(['g4', 'g3', 'g2', 'g1', 'g0', 'h0', 'h1', 'h2', 'h3', 'h4', 'h5']);
  });

  it('walks the stands of unknown street as one more street, from the nearer end', () => {
    const stands = [
      ...corner().filter((s) => s.street === 'Hauptstraße'),
      ...corner()
        .filter((s) => s.street === 'Gartenweg')
        .map((s) => ({ ...s, street: null })),
    ];
    expect(namedStreetOrder(stands, point(200, 0))).toEqual(['h5', 'h4', 'h3', 'h2', 'h1', 'h0', 'g0', 'g1', 'g2', 'g3', 'g4']);
  });

  it('is the position-only order when no street is known', () => {
    const stands = corner().map((s) => ({ ...s, street: null }));
    expect(namedStreetOrder(stands, point(200, 0))).toEqual(streetOrder(stands, point(200, 0)));
  });

  it('is a permutation that does not depend on the input order', () => {
    const stands = corner();
    const order = namedStreetOrder(stands, null);
    expect([...order].sort()).toEqual(stands.map((s) => s.id).sort());
    expect(namedStreetOrder([...stands].reverse(), null)).toEqual(order);
  });
});
