import { VALIDATION, type GET_EVENT_FEED_CALENDAR, type GET_EVENT_FEED_GEOJSON, type TEventListQuery } from '@flohmarkt/contracts';
import { fail, parseCallQuery } from '@flohmarkt/server-kit';

/**
 * A feed's query: the list's own (GET /events, the same checks and German messages, radius at most
 * 100 km, at most 500 events), always upcoming, and always around a place, by lat + lng (+ radiusKm,
 * 50 km without) or by bbox: a feed of every market in the country is not what anyone subscribes to.
 */
export function parseFeedQuery(call: typeof GET_EVENT_FEED_CALENDAR | typeof GET_EVENT_FEED_GEOJSON, raw: unknown): TEventListQuery {
  const given = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const query = parseCallQuery(call, { ...given, upcoming: 'true' });
  if (query.lat === undefined && !query.bbox) throw fail.invalid(VALIDATION.radiusNeedsCenter);
  return query;
}
