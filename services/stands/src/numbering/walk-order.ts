import type { TLatLng } from '@flohmarkt/contracts';
import { MAX_ROUTE_STOPS, planRoute, type TRouteStart } from '@flohmarkt/route-planner';
import { streetOrder, type TPlacedStand } from './street-order.js';

/**
 * "Along the shortest walk": the stands in the order of the shortest one-way walk from `start`
 * (ending wherever is shortest), as the route planner plans it for "Meine Runde". Without a start
 * the walk begins at the first stand of the street-by-street order.
 *
 * The planner takes at most 150 stops; a larger market is cut, in street-by-street order, into
 * legs of at most 150 stands, each planned from where the one before ended.
 */
export function walkOrder(stands: readonly TPlacedStand[], start: TLatLng | null): string[] {
  if (stands.length === 0) return [];
  const byStreet = streetOrder(stands, start);
  const byId = new Map(stands.map((s) => [s.id, s]));
  const order: string[] = [];
  let from: TRouteStart = start ?? { stopId: byStreet[0]! };
  for (let i = 0; i < byStreet.length; i += MAX_ROUTE_STOPS) {
    const stops = byStreet.slice(i, i + MAX_ROUTE_STOPS).map((id) => {
      const { lat, lng } = byId.get(id)!;
      return { id, lat, lng };
    });
    const leg = planRoute({ stops, start: from, loop: false, mode: 'walk' }).order;
    order.push(...leg);
    const last = byId.get(leg.at(-1)!)!;
    from = { lat: last.lat, lng: last.lng };
  }
  return order;
}
