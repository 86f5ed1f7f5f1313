import { fail } from '@flohmarkt/server-kit';

/** One page of the admin's market list: at most as many as the public list answers per call. */
export const ADMIN_EVENTS_MAX_LIMIT = 500;
const ADMIN_EVENTS_DEFAULT_LIMIT = 50;
/** A search longer than any name, place or e-mail we keep finds nothing anyway. */
export const ADMIN_SEARCH_MAX_LENGTH = 200;

export interface AdminEventQuery {
  q: string | null;
  limit: number;
  offset: number;
}

/** `?q=&limit=&offset=`: q trimmed (blank is no search), limit 1–500 (50), offset ≥ 0 (0); anything else is a German 400. */
export function parseAdminEventQuery(raw: Record<string, unknown>): AdminEventQuery {
  return {
    q: parseSearch(raw.q),
    limit: parseCount(raw.limit, ADMIN_EVENTS_DEFAULT_LIMIT, 1, ADMIN_EVENTS_MAX_LIMIT, `limit muss eine ganze Zahl von 1 bis ${ADMIN_EVENTS_MAX_LIMIT} sein.`),
    offset: parseCount(raw.offset, 0, 0, Number.MAX_SAFE_INTEGER, 'offset muss eine ganze Zahl ab 0 sein.'),
  };
}

function parseSearch(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string') throw fail.invalid('Bitte gib genau einen Suchbegriff an.');
  const q = raw.trim();
  if (q.length > ADMIN_SEARCH_MAX_LENGTH) throw fail.invalid(`Der Suchbegriff darf höchstens ${ADMIN_SEARCH_MAX_LENGTH} Zeichen lang sein.`);
  return q === '' ? null : q;
}

function parseCount(raw: unknown, fallback: number, min: number, max: number, message: string): number {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^\d{1,16}$/.test(raw)) throw fail.invalid(message);
  const value = Number(raw);
  if (value < min || value > max) throw fail.invalid(message);
  return value;
}

/** `q` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
