import type { TLatLng } from '@flohmarkt/contracts';

/**
 * Read coordinates (numeric strings or null) as a point, or null unless both are numbers: the rule
 * of `toLatLng` in the contracts. Written out here because the contracts' geo module also holds
 * zod schemas, which would add about 24 kB gzip to the landing page's map chunk.
 */
export function pointOf(latitude: string | number | null | undefined, longitude: string | number | null | undefined): TLatLng | null {
  if (latitude == null || longitude == null || latitude === '' || longitude === '') return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/** Items that can be markers: only those with both coordinates (docs/product.md#maps). */
export function withPoints<T extends { latitude: string | null; longitude: string | null }>(items: readonly T[]): Array<{ item: T; point: TLatLng }> {
  return items.flatMap((item) => {
    const point = pointOf(item.latitude, item.longitude);
    return point ? [{ item, point }] : [];
  });
}

export type { TLatLng };
