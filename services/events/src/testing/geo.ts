import { LIMITS, type TLatLng } from '@flohmarkt/contracts';

/** The point `distanceKm` from `from` in direction `bearingDeg` on a great circle (earth radius 6371 km). */
export function destination(from: TLatLng, bearingDeg: number, distanceKm: number): TLatLng {
  const rad = Math.PI / 180;
  const d = distanceKm / LIMITS.earthRadiusKm;
  const lat1 = from.lat * rad;
  const b = bearingDeg * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = from.lng * rad + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lng: ((((lng2 / rad + 540) % 360) + 360) % 360) - 180 };
}
