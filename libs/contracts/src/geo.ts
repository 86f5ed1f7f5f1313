import { z } from 'zod';
import { textInput } from './fields.js';
import { LIMITS } from './limits.js';
import { VALIDATION } from './messages.js';

/** One answer of GET /api/geocode (the gateway maps the geocoder's fields to these). */
export const ZGeocodeResult = z.object({
  displayName: z.string(),
  lat: z.number(),
  lng: z.number(),
  // Geocoders use numeric ids; one type on the wire.
  placeId: z.union([z.string(), z.number()]).transform(String),
});
export type TGeocodeResult = z.infer<typeof ZGeocodeResult>;

/** GET /api/geocode?q=...&limit=5 */
export const ZGeocodeQuery = z.object({
  q: textInput(VALIDATION.searchTooShort)
    .trim()
    .min(LIMITS.addressSearchMinChars, VALIDATION.searchTooShort)
    .max(LIMITS.shortTextMaxLength, VALIDATION.textTooLong(LIMITS.shortTextMaxLength)),
  // The forms ask for 5; other clients may ask for up to 10.
  limit: z.coerce
    .number({ error: VALIDATION.invalidGeocodeLimit })
    .int(VALIDATION.invalidGeocodeLimit)
    .min(1, VALIDATION.invalidGeocodeLimit)
    .max(LIMITS.geocodeMaxResults, VALIDATION.invalidGeocodeLimit)
    .default(LIMITS.addressSearchResults),
});
export type TGeocodeQuery = z.infer<typeof ZGeocodeQuery>;

/** GET /api/geocode/reverse?lat=..&lng=.. */
export const ZReverseGeocodeQuery = z.object({
  lat: z.coerce.number({ error: VALIDATION.invalidLatitude }).min(-90, VALIDATION.invalidLatitude).max(90, VALIDATION.invalidLatitude),
  lng: z.coerce.number({ error: VALIDATION.invalidLongitude }).min(-180, VALIDATION.invalidLongitude).max(180, VALIDATION.invalidLongitude),
});
export type TReverseGeocodeQuery = z.infer<typeof ZReverseGeocodeQuery>;

export const ZReverseGeocodeResult = z.object({ displayName: z.string() });
export type TReverseGeocodeResult = z.infer<typeof ZReverseGeocodeResult>;
