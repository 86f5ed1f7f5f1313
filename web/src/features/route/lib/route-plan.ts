import { toLatLng, type TRouteLeg, type TStand } from '@flohmarkt/contracts';
import { planRoute, straightLineM, type TPoint, type TRouteMode, type TRouteStart, type TRouteStop } from '@flohmarkt/route-planner';
import { isUnavailable, liveStateOf } from '@/features/live-status/api/live-state';

/** Where the round begins: a position (own or a found address) or the first stop. */
export type RouteStartChoice = { kind: 'point'; point: TPoint; label: string } | { kind: 'stand'; standId: string };

/** A round as the page shows it: the order is the answer, never planned again from a share link. */
export interface ShownRoute {
  order: string[];
  start: RouteStartChoice;
  loop: boolean;
  mode: TRouteMode;
}

export interface RouteLegRow {
  standId: string;
  /** Metres from the previous point (the start or the stand before). */
  distanceM: number;
}

/** A stand's position, or null without both coordinates. */
export function pointOfStand(stand: TStand | undefined): TPoint | null {
  return stand ? toLatLng(stand.latitude, stand.longitude) : null;
}

/** Stands a route can visit: with a position, and not closed or absent today. */
export function routeStops(stands: readonly TStand[]): TRouteStop[] {
  return stands.flatMap((stand) => {
    const point = pointOfStand(stand);
    return point && !isUnavailable(liveStateOf(stand)) ? [{ id: stand.id, ...point }] : [];
  });
}

function plannerStart(start: RouteStartChoice): TRouteStart {
  return start.kind === 'point' ? start.point : { stopId: start.standId };
}

/** Plans in the browser (exact up to 12 stops, the library's heuristic above). */
export function planShownRoute(stands: readonly TStand[], start: RouteStartChoice, loop: boolean, mode: TRouteMode): ShownRoute {
  const planned = planRoute({ stops: routeStops(stands), start: plannerStart(start), loop, mode });
  return { order: planned.order, start, loop, mode };
}

/** The start as a point on the map (a stand start: that stand's position). */
export function startPoint(route: ShownRoute, stops: ReadonlyMap<string, TPoint>): TPoint | null {
  return route.start.kind === 'point' ? route.start.point : (stops.get(route.start.standId) ?? null);
}

/** Each stop with the straight-line distance from the point before, and the total (back to the start for a loop). */
export function routeLegs(route: ShownRoute, stops: ReadonlyMap<string, TPoint>): { rows: RouteLegRow[]; totalM: number } {
  let previous = startPoint(route, stops);
  const rows: RouteLegRow[] = [];
  for (const id of route.order) {
    const point = stops.get(id);
    if (!point) continue;
    rows.push({ standId: id, distanceM: previous ? Math.round(straightLineM(previous, point)) : 0 });
    previous = point;
  }
  const home = startPoint(route, stops);
  const back = route.loop && previous && home ? Math.round(straightLineM(previous, home)) : 0;
  return { rows, totalM: rows.reduce((sum, row) => sum + row.distanceM, 0) + back };
}

/** The server's legs along the streets as the list's rows: each stop with the way from the point before. */
export function streetLegs(order: readonly string[], route: { legs: readonly TRouteLeg[]; distanceM: number }): { rows: RouteLegRow[]; totalM: number } {
  const into = new Map(route.legs.flatMap((leg) => (leg.to === null ? [] : [[leg.to, Math.round(leg.distanceM)] as const])));
  return { rows: order.map((standId) => ({ standId, distanceM: into.get(standId) ?? 0 })), totalM: Math.round(route.distanceM) };
}

/** '850 m' or '1,2 km'. */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(metres / 1000)} km`;
}
