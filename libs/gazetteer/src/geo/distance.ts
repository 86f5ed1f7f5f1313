export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine; the same earth radius as the product's 15 km rule). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The accepted place nearest the point within maxKm, with its distance; of equally near ones the first. */
export function nearestTo<T extends LatLng>(point: LatLng, places: Iterable<T>, maxKm = Number.POSITIVE_INFINITY, accept = (_place: T) => true) {
  let best: { place: T; km: number } | null = null;
  for (const place of places) {
    if (!accept(place)) continue;
    const km = distanceKm(point, place);
    if (km <= maxKm && (!best || km < best.km)) best = { place, km };
  }
  return best;
}

/** Mean position of a few nearby points (fine at the scale of a postcode area). */
export function centroid(points: readonly LatLng[]): LatLng {
  const lat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const lng = points.reduce((sum, p) => sum + p.lng, 0) / points.length;
  return { lat, lng };
}

/** Rounded to 5 decimals (about a metre): the data keep no false precision and stay small. */
export function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}
