import { z } from 'zod';
import { textInput } from './fields.js';
import { LIMITS } from './limits.js';
import { VALIDATION } from './validation-messages.js';

/**
 * A found address's parts, where the search knows them (issue 33: a stand form fills its address
 * fields from them): a street of the street index with the typed house number, the online geocoder's
 * parts; for a town or postcode only its postcode and town (street null: its point is the place's middle).
 */
const ZFoundAddress = z.object({
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postcode: z.string().nullable(),
  town: z.string().nullable(),
});
export type TFoundAddress = z.infer<typeof ZFoundAddress>;

/** One answer of GET /api/geocode (the gateway maps the geocoder's fields to these). */
export const ZGeocodeResult = z.object({
  displayName: z.string(),
  lat: z.number(),
  lng: z.number(),
  // Geocoders use numeric ids; one type on the wire.
  placeId: z.union([z.string(), z.number()]).transform(String),
  address: ZFoundAddress.nullable().optional(),
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

/** `address`: the parts at the point where an online geocoder names them (none offline). */
export const ZReverseGeocodeResult = z.object({ displayName: z.string(), address: ZFoundAddress.optional() });
export type TReverseGeocodeResult = z.infer<typeof ZReverseGeocodeResult>;
