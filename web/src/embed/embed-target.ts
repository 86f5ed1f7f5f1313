import { EMBED_PATTERNS, matchPage } from '@/lib/paths';

/** What a framed page shows, read from its address: one event, or the events around a place. */
export type EmbedTarget =
  { kind: 'event'; eventId: string } | { kind: 'map'; lat: number; lng: number; radiusKm: number } | { kind: 'invalid'; message: string };

/** Without radiusKm the map shows the events within this distance (the search allows up to 100 km). */
export const DEFAULT_EMBED_RADIUS_KM = 25;

function numberParam(search: URLSearchParams, name: string): number | null {
  const raw = search.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : Number.NaN;
}

/**
 * `/embed/events/{id}` and `/embed/map?lat=&lng=&radiusKm=` (the gateway frames only these two).
 * The server checks the radius again; this only turns a broken snippet into a German sentence.
 */
export function embedTargetOf(pathname: string, query: string): EmbedTarget {
  const event = matchPage(EMBED_PATTERNS.event, pathname);
  if (event) return { kind: 'event', eventId: event.id };
  if (!matchPage(EMBED_PATTERNS.map, pathname))
    return { kind: 'invalid', message: 'Diese Einbettung gibt es nicht. Bitte den Code von der Flohmarkt-Seite neu kopieren.' };
  const search = new URLSearchParams(query);
  const lat = numberParam(search, 'lat');
  const lng = numberParam(search, 'lng');
  const radius = numberParam(search, 'radiusKm');
  if (lat === null || lng === null) return { kind: 'invalid', message: 'Für die Karte fehlen lat und lng (der Mittelpunkt).' };
  if (Number.isNaN(lat) || Number.isNaN(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return { kind: 'invalid', message: 'lat und lng sind keine gültigen Koordinaten.' };
  if (radius !== null && !(radius > 0 && radius <= 100)) return { kind: 'invalid', message: 'radiusKm muss zwischen 0 und 100 liegen.' };
  return { kind: 'map', lat, lng, radiusKm: radius ?? DEFAULT_EMBED_RADIUS_KM };
}
