// Points and distances without zod: the web app's event page reads them without loading the schemas (issue 21).
import { LIMITS } from './limits.js';
import { standTooFar } from './messages.js';

export type TLatLng = { lat: number; lng: number };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine, earth radius 6371 km: docs/product.md#registering-a-stand). */
export function haversineKm(a: TLatLng, b: TLatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * LIMITS.earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The 15 km rule (docs/product.md#registering-a-stand): the German message when the stand is too far from
 * the event, else null. Skipped (null) when the event has no coordinates.
 */
export function standDistanceError(event: TLatLng | null, stand: TLatLng): string | null {
  if (!event) return null;
  const distance = haversineKm(event, stand);
  return distance > LIMITS.maxStandDistanceKm ? standTooFar(distance) : null;
}

/** Read coordinates (numeric strings or null) as a point, or null unless both are numbers. */
export function toLatLng(latitude: string | number | null | undefined, longitude: string | number | null | undefined): TLatLng | null {
  if (latitude == null || longitude == null || latitude === '' || longitude === '') return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/** Reverse-geocoding fallback when no address is found: 'lat, lng' with 4 decimals. */
export function formatCoordinates(point: TLatLng): string {
  const d = LIMITS.reverseGeocodeFallbackDecimals;
  return `${point.lat.toFixed(d)}, ${point.lng.toFixed(d)}`;
}

/** Route planning to a point on OpenStreetMap, the start left open for the visitor to fill in (the web's links and the mails). */
export function directionsUrl(point: TLatLng): string {
  return `https://www.openstreetmap.org/directions?route=%3B${point.lat}%2C${point.lng}#map=16/${point.lat}/${point.lng}`;
}
