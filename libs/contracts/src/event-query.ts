import { z } from 'zod';
import { LIMITS, isMarketYear } from './limits.js';
import { VALIDATION } from './validation-messages.js';

// GET /api/events query. Query strings arrive as strings; blank means "not given".

function queryNumber(message: string, check: (n: number) => boolean) {
  return z
    .union([z.string(), z.number()], { error: message })
    .optional()
    .transform((raw, ctx): number | undefined => {
      if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return undefined;
      const n = typeof raw === 'number' ? raw : Number(raw.trim());
      if (!Number.isFinite(n) || !check(n)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

export const queryBoolean = z
  .union([z.boolean(), z.string()], { error: VALIDATION.invalidUpcoming })
  .optional()
  .transform((raw, ctx): boolean | undefined => {
    if (raw === undefined || typeof raw === 'boolean') return raw;
    const text = raw.trim().toLowerCase();
    if (text === '') return undefined;
    if (TRUE.includes(text)) return true;
    if (FALSE.includes(text)) return false;
    ctx.addIssue({ code: 'custom', message: VALIDATION.invalidUpcoming });
    return z.NEVER;
  });

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isExistingDay(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Only a day of the right form is judged by its year: its form's message comes first. */
const inMarketYears = (value: string) => !DAY_PATTERN.test(value) || isMarketYear(Number(value.slice(0, 4)));

/**
 * A calendar day 'YYYY-MM-DD' (interpreted in Europe/Berlin by the server) that exists, in the years a
 * market may lie in: a filter on 9999-12-31 finds nothing, and the day after it (the end of its
 * Berlin day) cannot even be written in four digits. `invalid` is the feature's own message for a
 * day of the wrong form.
 */
export function calendarDay(invalid: string) {
  return z.string({ error: invalid }).regex(DAY_PATTERN, invalid).refine(isExistingDay, invalid).refine(inMarketYears, VALIDATION.dateOutOfRange);
}

export const ZCalendarDay = calendarDay(VALIDATION.invalidDay);

export const ZBbox = z.string({ error: VALIDATION.invalidBbox }).transform((raw, ctx) => {
  const parts = raw.split(',').map((p) => p.trim());
  const numbers = parts.map((p) => (p === '' ? Number.NaN : Number(p)));
  const [minLng, minLat, maxLng, maxLat] = numbers as [number, number, number, number];
  const valid =
    numbers.length === 4 &&
    numbers.every(Number.isFinite) &&
    Math.abs(minLng) <= 180 &&
    Math.abs(maxLng) <= 180 &&
    Math.abs(minLat) <= 90 &&
    Math.abs(maxLat) <= 90 &&
    minLng <= maxLng &&
    minLat <= maxLat;
  if (!valid) {
    ctx.addIssue({ code: 'custom', message: VALIDATION.invalidBbox });
    return z.NEVER;
  }
  return { minLng, minLat, maxLng, maxLat };
});
export type TBbox = z.infer<typeof ZBbox>;

/** Event ids, comma-separated (e.g. the events of a user's stands): at most 200, each a GUID. */
const ZIdList = z.string({ error: VALIDATION.invalidId }).transform((raw, ctx) => {
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (!ids.length || ids.length > LIMITS.eventIdsPerQuery || !ids.every((id) => z.guid().safeParse(id).success)) {
    ctx.addIssue({ code: 'custom', message: VALIDATION.invalidId });
    return z.NEVER;
  }
  return ids;
});

/**
 * The order of GET /api/events: `start` (the default: start time, then id) or `distance` from
 * lat/lng (nearest first, then start time, then id, so pages never overlap); each item of a
 * distance list carries `distanceKm`.
 */
const EVENT_LIST_SORTS = ['start', 'distance'] as const;
export type TEventListSort = (typeof EVENT_LIST_SORTS)[number];

/**
 * Without parameters the list answers the first 500 events: every call is bounded, the total comes
 * with the answer (X-Total-Count) and `offset` pages through the rest. With lat + lng and no
 * radius, the landing page's 50 km applies; no radius reaches beyond 100 km.
 */
export const ZEventListQuery = z
  .object({
    upcoming: queryBoolean,
    date: z.preprocess(blankToUndefined, ZCalendarDay.optional()),
    lat: queryNumber(VALIDATION.invalidLatitude, (n) => Math.abs(n) <= 90),
    lng: queryNumber(VALIDATION.invalidLongitude, (n) => Math.abs(n) <= 180),
    radiusKm: queryNumber(VALIDATION.invalidRadius, (n) => n > 0 && n <= LIMITS.eventSearchMaxRadiusKm),
    bbox: z.preprocess(blankToUndefined, ZBbox.optional()),
    ids: z.preprocess(blankToUndefined, ZIdList.optional()),
    limit: queryNumber(VALIDATION.invalidLimit, (n) => Number.isInteger(n) && n >= 1 && n <= LIMITS.eventListMaxLimit),
    offset: queryNumber(VALIDATION.invalidOffset, (n) => Number.isInteger(n) && n >= 0 && n <= LIMITS.eventListMaxOffset),
    sort: z.preprocess(blankToUndefined, z.enum(EVENT_LIST_SORTS, { error: VALIDATION.invalidSort }).optional()),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: VALIDATION.coordinatesIncomplete,
    path: ['lng'],
  })
  .refine((q) => q.radiusKm === undefined || q.lat !== undefined, {
    message: VALIDATION.radiusNeedsCenter,
    path: ['radiusKm'],
  })
  .refine((q) => q.sort !== 'distance' || q.lat !== undefined, {
    message: VALIDATION.sortNeedsCenter,
    path: ['sort'],
  })
  .transform((q) => ({
    ...q,
    ...(q.lat !== undefined && q.radiusKm === undefined ? { radiusKm: LIMITS.landingSearchRadiusKm } : {}),
    limit: q.limit ?? LIMITS.eventListMaxLimit,
    offset: q.offset ?? 0,
  }));
export type TEventListQuery = z.infer<typeof ZEventListQuery>;
