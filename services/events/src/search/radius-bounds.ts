import { LIMITS, type TLatLng } from '@flohmarkt/contracts';

export interface TRadiusBounds {
  minLat: number;
  maxLat: number;
  /** One range, or two when the circle crosses the antimeridian (±180°). */
  lngRanges: Array<[number, number]>;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;
/** About 1 cm: keeps a point exactly on the circle inside the box despite rounding. */
const MARGIN_DEGREES = 1e-7;

/**
 * The smallest latitude/longitude box that holds every point within `radiusKm` (great circle) of
 * `center`. It lets the (latitude, longitude) btree index discard nearly all rows before the exact
 * haversine test runs on the few that remain.
 */
export function radiusBounds(center: TLatLng, radiusKm: number): TRadiusBounds {
  const angular = radiusKm / LIMITS.earthRadiusKm;
  const dLat = toDegrees(angular) + MARGIN_DEGREES;
  const minLat = center.lat - dLat;
  const maxLat = center.lat + dLat;
  // A circle around a pole holds every longitude.
  if (minLat <= -90 || maxLat >= 90) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lngRanges: [[-180, 180]] };
  }
  // Widest longitude difference on the circle (at the latitude where it touches its meridians).
  const dLng = toDegrees(Math.asin(Math.sin(angular) / Math.cos(toRadians(center.lat)))) + MARGIN_DEGREES;
  const minLng = center.lng - dLng;
  const maxLng = center.lng + dLng;
  if (minLng < -180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [minLng + 360, 180],
        [-180, maxLng],
      ],
    };
  if (maxLng > 180)
    return {
      minLat,
      maxLat,
      lngRanges: [
        [minLng, 180],
        [-180, maxLng - 360],
      ],
    };
  return { minLat, maxLat, lngRanges: [[minLng, maxLng]] };
}
