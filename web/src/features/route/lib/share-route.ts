import type { TRouteMode } from '@flohmarkt/route-planner';
import { paths } from '@/lib/paths';
import type { ShownRoute } from './route-plan';

/**
 * The share link carries the ORDER itself (`reihe`), not the stands to plan again: another device could
 * plan differently (route-planner README). `ab=lat,lng` is a start position; without it the round begins
 * at the first stand.
 */
export function routeSharePath(eventId: string, route: ShownRoute): string {
  const params = new URLSearchParams();
  params.set('reihe', route.order.join(','));
  if (route.start.kind === 'point') params.set('ab', `${route.start.point.lat.toFixed(6)},${route.start.point.lng.toFixed(6)}`);
  params.set('rund', route.loop ? '1' : '0');
  params.set('mit', route.mode === 'bike' ? 'rad' : 'fuss');
  return paths.sharedRoute(eventId, params);
}

const COORDINATE = /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/;

/** A shared round from the link's query, or null when it names no stands. */
export function parseSharedRoute(search: URLSearchParams): ShownRoute | null {
  const order = (search.get('reihe') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unique = [...new Set(order)];
  if (unique.length === 0) return null;
  const mode: TRouteMode = search.get('mit') === 'rad' ? 'bike' : 'walk';
  const loop = search.get('rund') !== '0';
  const match = COORDINATE.exec(search.get('ab') ?? '');
  const lat = match ? Number(match[1]) : NaN;
  const lng = match ? Number(match[2]) : NaN;
  const valid = Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const start: ShownRoute['start'] = match && valid ? { kind: 'point', point: { lat, lng }, label: 'Startpunkt' } : { kind: 'stand', standId: unique[0]! };
  return { order: unique, start, loop, mode };
}
