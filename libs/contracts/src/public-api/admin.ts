import { z } from 'zod';
import { ADMIN_SEARCH_TOO_LONG, ZAdminSearch } from '../admin-search.js';
import { ZEvent } from '../event.js';
import { API_ERRORS } from '../messages.js';
import { publicCall, type PublicCall } from './public-call.js';

/** One page of the admin's market list: at most as many as the public list answers per call. */
export const ADMIN_EVENTS_MAX_LIMIT = 500;
const ADMIN_EVENTS_DEFAULT_LIMIT = 50;

const ADMIN_LIMIT_MESSAGE = `limit muss eine ganze Zahl von 1 bis ${ADMIN_EVENTS_MAX_LIMIT} sein.`;
const ADMIN_OFFSET_MESSAGE = 'offset muss eine ganze Zahl ab 0 sein.';

/** A count in the query: digits only (no sign, no exponent, no blanks), then within its range. */
function queryCount(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .regex(/^\d{1,16}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** `?q=&limit=&offset=`: q trimmed (blank is no search, given twice a 400), limit 1–500 (50), offset ≥ 0 (0). */
export const ZAdminEventQuery = z.object({
  q: ZAdminSearch,
  limit: queryCount(1, ADMIN_EVENTS_MAX_LIMIT, ADMIN_LIMIT_MESSAGE)
    .optional()
    .transform((limit) => limit ?? ADMIN_EVENTS_DEFAULT_LIMIT),
  offset: queryCount(0, Number.MAX_SAFE_INTEGER, ADMIN_OFFSET_MESSAGE)
    .optional()
    .transform((offset) => offset ?? 0),
});

/** Admins only: every market, latest start first, `q` a part of name, place or contact e-mail; the total in X-Total-Count. */
export const LIST_ADMIN_EVENTS = publicCall({
  method: 'GET',
  path: '/admin/events',
  service: 'events',
  summary: 'Alle Flohmärkte durchsuchen (Admin)',
  signIn: true,
  query: ZAdminEventQuery,
  answers: [{ status: 200, description: 'Die passenden Flohmärkte.', schema: ZEvent, list: true }],
  errors: { 403: [API_ERRORS.forbidden], 400: [ADMIN_SEARCH_TOO_LONG] },
});

/** The admin calls, in the order the OpenAPI document lists them. */
export const ADMIN_CALLS: readonly PublicCall[] = [LIST_ADMIN_EVENTS];
