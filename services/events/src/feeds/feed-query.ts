import { VALIDATION, type TEventListQuery } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { parseListQuery } from '../search/list-query.js';

/**
 * A feed's query: the list's own (GET /events, the same checks and German messages, radius at most
 * 100 km, at most 500 events), always upcoming, and always around a place, by lat + lng (+ radiusKm,
 * 50 km without) or by bbox: a feed of every market in the country is not what anyone subscribes to.
 */
export function parseFeedQuery(raw: unknown): TEventListQuery {
  const given = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const query = parseListQuery({ ...given, upcoming: 'true' });
  if (query.lat === undefined && !query.bbox) throw fail.invalid(VALIDATION.radiusNeedsCenter);
  return query;
}
