import { createRandom } from '../seeded-random.js';
import type { TPoint, TRouteStop } from '../types.js';

/** A town district: about 3 × 3 km around Köln-Ehrenfeld. */
const DISTRICT = { lat: 50.9497, lng: 6.9183, spanLat: 0.027, spanLng: 0.043 };

/** `count` stands spread at random over the district; the same seed gives the same stands. */
export function randomStops(count: number, seed: number): TRouteStop[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `stand-${seed}-${i}`,
    lat: DISTRICT.lat + (random() - 0.5) * DISTRICT.spanLat,
    lng: DISTRICT.lng + (random() - 0.5) * DISTRICT.spanLng,
  }));
}

export function randomPoint(seed: number): TPoint {
  const [stop] = randomStops(1, seed + 1_000_000);
  return { lat: stop!.lat, lng: stop!.lng };
}
