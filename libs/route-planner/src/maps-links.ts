import { routeErrors } from './errors.js';
import { MAX_POINTS_PER_MAPS_LINK } from './limits.js';
import { startsAtStop } from './route-points.js';
import type { TPoint, TRouteMode, TRouteStart, TRouteStop } from './types.js';

type TMapsLinkOptions = { mode?: TRouteMode; loop?: boolean };

/**
 * The planned order as Google Maps directions links (https://www.google.com/maps/dir/?api=1): at most nine
 * points each (origin, waypoints, destination), chained so that one link's destination is the next one's
 * origin. A round trip ends back at the start. No stops, no links.
 */
export function mapsLinks(order: readonly string[], stops: readonly TRouteStop[], start: TRouteStart, options: TMapsLinkOptions = {}): string[] {
  const travelmode = options.mode === 'bike' ? 'bicycling' : 'walking';
  return linkChunks(routeSequence(order, stops, start, options.loop ?? false)).map((chunk) => {
    const origin = chunk[0]!;
    const destination = chunk[chunk.length - 1]!;
    const waypoints = chunk.slice(1, -1);
    const query = [`origin=${coordinates(origin)}`, `destination=${coordinates(destination)}`];
    if (waypoints.length > 0) query.push(`waypoints=${waypoints.map(coordinates).join('%7C')}`);
    query.push(`travelmode=${travelmode}`);
    return `https://www.google.com/maps/dir/?api=1&${query.join('&')}`;
  });
}

/**
 * The same legs as Apple Maps links (maps.apple.com with saddr, daddr and dirflg). The stops after the
 * first destination are chained with "+to:", which Apple Maps reads as further stops. Apple Maps has no
 * cycling flag in this form: a bike route opens as walking directions.
 */
export function appleMapsLinks(order: readonly string[], stops: readonly TRouteStop[], start: TRouteStart, options: TMapsLinkOptions = {}): string[] {
  return linkChunks(routeSequence(order, stops, start, options.loop ?? false)).map((chunk) => {
    const destinations = chunk.slice(1).map(coordinates).join('+to:');
    return `https://maps.apple.com/?saddr=${coordinates(chunk[0]!)}&daddr=${destinations}&dirflg=w`;
  });
}

/** Start, the stops in order (the start stop once), and the start again for a round trip. */
function routeSequence(order: readonly string[], stops: readonly TRouteStop[], start: TRouteStart, loop: boolean): TPoint[] {
  const byId = new Map(stops.map((stop) => [stop.id, stop]));
  const stopAt = (id: string) => {
    const stop = byId.get(id);
    if (!stop) throw routeErrors.unknownStop(id);
    return stop;
  };
  const origin = startsAtStop(start) ? stopAt(start.stopId) : start;
  const rest = order.filter((id) => !startsAtStop(start) || id !== start.stopId).map(stopAt);
  const sequence = [origin, ...rest];
  if (loop && rest.length > 0) sequence.push(origin);
  return sequence;
}

/** Overlapping chunks of at most nine points: [0..8], [8..16], … */
function linkChunks(sequence: readonly TPoint[]): TPoint[][] {
  const chunks: TPoint[][] = [];
  for (let from = 0; from < sequence.length - 1; from += MAX_POINTS_PER_MAPS_LINK - 1) {
    chunks.push(sequence.slice(from, from + MAX_POINTS_PER_MAPS_LINK));
  }
  return chunks;
}

/** "lat,lng" with six decimals (about 10 cm); a comma is allowed as is in a query (RFC 3986). */
function coordinates(point: TPoint): string {
  return `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;
}
