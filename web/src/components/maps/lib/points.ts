import { toLatLng, type TLatLng } from '@flohmarkt/contracts';

/** Coordinates (numeric strings or null) as a point, or null unless both are numbers (zod-free module of the contracts). */
export const pointOf = toLatLng;

/** Items that can be markers: only those with both coordinates (docs/product.md#maps). */
export function withPoints<T extends { latitude: string | null; longitude: string | null }>(items: readonly T[]): Array<{ item: T; point: TLatLng }> {
  return items.flatMap((item) => {
    const point = pointOf(item.latitude, item.longitude);
    return point ? [{ item, point }] : [];
  });
}

export type { TLatLng };
