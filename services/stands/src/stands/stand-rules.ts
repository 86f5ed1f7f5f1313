import { STAND_API_ERRORS, standDistanceError, toLatLng, type TStandAddressInput } from '@flohmarkt/contracts';
import { toDecimal } from '../shared/input.js';

/*
 * The content rules of a stand that need more than its body schema: the 15 km rule needs the event,
 * the photo rule needs the stored list. Pure, so they are tested without a server.
 */

/**
 * docs/product.md#registering-a-stand: a position more than 15 km (haversine) from the event is refused with the
 * distance to one decimal; skipped when the event has no coordinates.
 */
export function distanceError(
  event: { latitude: string | null; longitude: string | null } | null,
  position: { latitude: number | null; longitude: number | null },
): string | null {
  const stand = toLatLng(position.latitude, position.longitude);
  if (!stand) return null;
  return standDistanceError(event ? toLatLng(event.latitude, event.longitude) : null, stand);
}

/**
 * docs/product.md#photos: `photos` in a PUT may only reorder or remove stored entries; new photos come only
 * through the upload call (the media service checks and processes them). Duplicates would add an
 * entry too.
 */
export function photoListError(stored: readonly string[], wanted: readonly string[]): string | null {
  const allowed = new Set(stored);
  const seen = new Set<string>();
  for (const path of wanted) {
    if (!allowed.has(path) || seen.has(path)) return STAND_API_ERRORS.photosOnlyReorder;
    seen.add(path);
  }
  return null;
}

/** What a registration form sets on a new stand, guest and registered alike (names and owner come apart). */
export function registrationFields(input: {
  standNumber?: string | null;
  description: string;
  categories: string[];
  foodCategories: string[];
  activityCategories: string[];
  acceptsPayPal: boolean;
  latitude?: number | null;
  longitude?: number | null;
  address?: TStandAddressInput | null;
}) {
  return {
    standNumber: input.standNumber ?? null,
    description: input.description,
    categories: input.categories,
    foodCategories: input.foodCategories,
    activityCategories: input.activityCategories,
    acceptsPayPal: input.acceptsPayPal,
    latitude: toDecimal(input.latitude),
    longitude: toDecimal(input.longitude),
    ...addressColumns(input.address ?? null),
  };
}

/** The stand's address columns from a body's `address` (null: none, or removed). */
export function addressColumns(address: TStandAddressInput | null) {
  return {
    addressStreet: address?.street ?? null,
    addressHouseNumber: address?.houseNumber ?? null,
    addressPostcode: address?.postcode ?? null,
    addressTown: address?.town ?? null,
  };
}
