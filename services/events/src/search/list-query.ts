import { ZEventListQuery, firstZodMessage, type TEventListQuery } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';

/**
 * The query string of GET /events, checked: a bad value is a 400 with one German sentence. A key
 * given twice (`?date=a&date=b`) arrives as a list and is refused the same way.
 */
export function parseListQuery(raw: unknown): TEventListQuery {
  const parsed = ZEventListQuery.safeParse(raw ?? {});
  if (!parsed.success) throw fail.invalid(firstZodMessage(parsed.error));
  return parsed.data;
}
