import { ROUTE_CALL_MESSAGES, ROUTE_START_LABEL, isSkippedByRoute, type TRouteAnswer, type TRouteQuery, type TStand } from '@flohmarkt/contracts';
import {
  MAX_ROUTE_STOPS,
  ROUTE_MESSAGES,
  appleMapsLinks,
  mapsLinks,
  planRouteRequest,
  roundTrack,
  routePoints,
  type TPlanRouteReply,
  type TPlanRouteRequest,
  type TPoint,
  type TRoutePoint,
  type TRouteStart,
  type TRouteStop,
} from '@flohmarkt/route-planner';
import { fail } from '@flohmarkt/server-kit';
import type { TDistanceTable, TLngLat } from './route-distances.js';

/** What the route call plans with: the stops in the caller's order, where to start, and who was skipped. */
export interface RouteInput {
  stops: TRouteStop[];
  start: TRouteStart;
  skipped: string[];
  /** The chosen stands by id, for the GPX names. */
  byId: Map<string, TStand>;
}

/**
 * The caller's choice checked against the event's public stands: more than 150 stops, an id that is
 * not a public stand of this event (unknown, pending, of another event, malformed) or one without a
 * position are 400s. Stands closed or absent today are left out (`skipped`), except the start stand.
 */
export function routeInput(query: TRouteQuery, publicStands: readonly TStand[]): RouteInput {
  if (query.stands.length > MAX_ROUTE_STOPS) throw fail.invalid(ROUTE_MESSAGES.tooManyStops(query.stands.length));
  const byId = new Map(publicStands.map((s) => [s.id, s]));
  const chosen: TStand[] = [];
  const seen = new Set<string>();
  for (const raw of query.stands) {
    const stand = byId.get(raw.toLowerCase());
    if (!stand) throw fail.invalid(ROUTE_CALL_MESSAGES.unknownStand);
    if (seen.has(stand.id)) throw fail.invalid(ROUTE_MESSAGES.duplicateStop);
    if (stand.latitude === null || stand.longitude === null) throw fail.invalid(ROUTE_MESSAGES.invalidStop);
    seen.add(stand.id);
    chosen.push(stand);
  }
  const startStand = query.start && 'standId' in query.start ? query.start.standId.toLowerCase() : query.start ? null : chosen[0]!.id;
  if (startStand !== null && !seen.has(startStand)) throw fail.invalid(ROUTE_MESSAGES.unknownStartStop);
  const visited = chosen.filter((s) => s.id === startStand || !isSkippedByRoute(s.liveState));
  if (visited.length === 0) throw fail.invalid(ROUTE_CALL_MESSAGES.nothingToVisit);
  return {
    stops: visited.map((s) => ({ id: s.id, lat: Number(s.latitude), lng: Number(s.longitude) })),
    start: startStand !== null ? { stopId: startStand } : (query.start as { lat: number; lng: number }),
    skipped: chosen.filter((s) => !visited.includes(s)).map((s) => s.id),
    byId: new Map(chosen.map((s) => [s.id, s])),
  };
}

/**
 * The query as answers are kept under it: the stands sorted (lower case), the start named (by default
 * the caller's first stand). Planned from this form, one answer serves every order in which callers
 * list the same choice, and a kept answer is exactly what planning it again would give.
 */
export function normalizedQuery(query: TRouteQuery): TRouteQuery {
  const stands = query.stands.map((id) => id.toLowerCase()).sort();
  return { ...query, stands, start: query.start ?? { standId: query.stands[0]!.toLowerCase() } };
}

/** What else than the event's data a route answer depends on: the normalized query, as a cache key. */
export function routeVariant(query: TRouteQuery): string {
  const start = query.start && 'standId' in query.start ? `stand:${query.start.standId}` : `at:${query.start?.lat},${query.start?.lng}`;
  return `${query.format}:${query.mode}:${query.loop}:${start}:${query.stands.join(',')}`;
}

/** The points the routing server is asked about, in the planner's order. */
export function pointsOf(input: RouteInput, query: TRouteQuery): TRoutePoint[] {
  return routePoints({ stops: input.stops, start: input.start, mode: query.mode });
}

/** The planner's job as plain data (for a worker thread): street distances as their table, or straight lines. */
export function routeRequest(input: RouteInput, query: TRouteQuery, table: TDistanceTable | null): TPlanRouteRequest {
  return { stops: input.stops, start: input.start, loop: query.loop, mode: query.mode, table };
}

/** The planner's reply as the contract's JSON; a stop the caller must fix is a 400. */
export function routeAnswer(input: RouteInput, query: TRouteQuery, reply: TPlanRouteReply, street: boolean): TRouteAnswer {
  if (!reply.ok) {
    if (reply.error.code === 'INVALID_DISTANCE' || reply.error.code === 'FAILED') throw new Error(`route planning failed: ${reply.error.message}`);
    throw fail.invalid(reply.error.message);
  }
  const { route } = reply;
  const options = { loop: query.loop, mode: query.mode };
  const labelOf = (id: string | null) => (id === null ? ROUTE_START_LABEL : (input.byId.get(id)?.label ?? ROUTE_START_LABEL));
  return {
    order: route.order,
    stops: route.order.map((id) => ({ id, label: labelOf(id) })),
    distanceM: route.distanceM,
    // Each leg named by where it leads (the start again, for the way back of a round).
    legs: route.legs.map((leg) => ({ ...leg, label: labelOf(leg.to) })),
    mapsLinks: mapsLinks(route.order, input.stops, input.start, options),
    appleMapsLinks: appleMapsLinks(route.order, input.stops, input.start, options),
    durationS: route.durationS,
    exact: route.exact,
    distances: street ? 'street' : 'straight',
    // Straight until a routing server's path is added (withStreetTrack).
    geometry: 'straight',
    skipped: input.skipped,
  };
}

/** The planned round's line through its points (start, stops in order, back for a loop): what the routing server draws along the streets. */
export function plannedTrack(input: RouteInput, query: TRouteQuery, order: readonly string[]): TPoint[] {
  const byId = new Map(input.stops.map((stop) => [stop.id, stop]));
  const stops = order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return roundTrack(stops, 'stopId' in input.start ? null : input.start, query.loop);
}

/** The answer drawn along the routing server's path, or left straight without one. */
export function withStreetTrack(answer: TRouteAnswer, path: TLngLat[] | null): TRouteAnswer {
  if (!path) return answer;
  return { ...answer, geometry: 'streets', track: { type: 'LineString', coordinates: path } };
}

/** The same answer planned on the calling thread (the worker pool's reference). */
export function plannedRoute(input: RouteInput, query: TRouteQuery, table: TDistanceTable | null): TRouteAnswer {
  return routeAnswer(input, query, planRouteRequest(routeRequest(input, query, table)), table !== null);
}
