import { ZEventViewportQuery, firstZodMessage, type TEventViewportQuery } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';

/** The query string of GET /events/viewport, checked: a bad value is a 400 with one German sentence. */
export function parseViewportQuery(raw: unknown): TEventViewportQuery {
  const parsed = ZEventViewportQuery.safeParse(raw ?? {});
  if (!parsed.success) throw fail.invalid(firstZodMessage(parsed.error));
  return parsed.data;
}
