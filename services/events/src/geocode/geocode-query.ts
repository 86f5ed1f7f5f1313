import { ZGeocodeQuery, ZReverseGeocodeQuery, firstZodMessage, type TGeocodeQuery, type TReverseGeocodeQuery } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';

/** GET /geocode?q=&limit=: a bad value is a 400 with one German sentence. */
export function parseGeocodeQuery(raw: unknown): TGeocodeQuery {
  const parsed = ZGeocodeQuery.safeParse(raw ?? {});
  if (!parsed.success) throw fail.invalid(firstZodMessage(parsed.error));
  return parsed.data;
}

/** GET /geocode/reverse?lat=&lng= */
export function parseReverseQuery(raw: unknown): TReverseGeocodeQuery {
  const parsed = ZReverseGeocodeQuery.safeParse(raw ?? {});
  if (!parsed.success) throw fail.invalid(firstZodMessage(parsed.error));
  return parsed.data;
}
