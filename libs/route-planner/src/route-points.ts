import { routeErrors } from './errors.js';
import { MAX_ROUTE_STOPS } from './limits.js';
import type { TPlanRouteInput, TPoint, TRoutePoint, TRouteStart } from './types.js';

export function isValidPoint(point: unknown): boolean {
  if (typeof point !== 'object' || point === null) return false;
  const { lat, lng } = point as Record<string, unknown>;
  return typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

export function startsAtStop(start: TRouteStart): start is { stopId: string } {
  return typeof (start as { stopId?: unknown }).stopId === 'string';
}

/**
 * The points of a round in the order the solvers number them: the start first (the start position with
 * id null, or the start stop), then the other stops as given. Checks the input on the way: too many
 * stops, duplicates, coordinates, an unknown start stop and the mode are typed errors (German messages).
 * A server asking a routing server for street distances sends these points in this order.
 */
export function routePoints(input: Pick<TPlanRouteInput, 'stops' | 'start' | 'mode'>): TRoutePoint[] {
  const { stops, start, mode } = input;
  if (mode !== 'walk' && mode !== 'bike') throw routeErrors.invalidMode();
  if (stops.length > MAX_ROUTE_STOPS) throw routeErrors.tooManyStops(stops.length);
  const seen = new Set<string>();
  for (const stop of stops) {
    if (typeof stop.id !== 'string' || stop.id === '' || !isValidPoint(stop)) throw routeErrors.invalidStop(String(stop.id));
    if (seen.has(stop.id)) throw routeErrors.duplicateStop(stop.id);
    seen.add(stop.id);
  }
  const asPoint = ({ id, lat, lng }: TRoutePoint): TRoutePoint => ({ id, lat, lng });
  if (startsAtStop(start)) {
    const first = stops.find((stop) => stop.id === start.stopId);
    if (!first) throw routeErrors.unknownStartStop(start.stopId);
    return [asPoint(first), ...stops.filter((stop) => stop !== first).map(asPoint)];
  }
  if (!isValidPoint(start)) throw routeErrors.invalidStart();
  return [{ id: null, lat: start.lat, lng: start.lng }, ...stops.map(asPoint)];
}

/**
 * The round's line in visiting order: from the start position (when the round begins elsewhere than at
 * a stop) through the stops, and back to where it began for a loop. The map draws it, the GPX track
 * follows it, and a routing server is asked for the way along the streets between these points.
 */
export function roundTrack(stopsInOrder: readonly TPoint[], start: TPoint | null | undefined, loop: boolean): TPoint[] {
  const track = [...(start ? [start] : []), ...stopsInOrder];
  if (loop && track.length > 1) track.push(track[0]!);
  return track;
}
