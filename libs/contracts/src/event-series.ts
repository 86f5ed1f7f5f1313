import { z } from 'zod';
import { berlinClock, berlinDay, berlinWallTime, dayAfter } from './berlin-time.js';
import { LIMITS, isMarketYear } from './limits.js';
import { VALIDATION } from './validation-messages.js';

/*
 * Markets that repeat (issue 34): one form makes a series of markets, each its own market with its
 * own stands, registration and deadline, sharing a `seriesId`. The dates are worked out here, the
 * same in the service that creates them and in the form that shows them before saving.
 */

/** The most markets one series holds, the first included. */
export const SERIES_MAX_DATES = 52;

const SERIES_RULES = ['weekly', 'biweekly', 'monthly'] as const;
export type TSeriesRule = (typeof SERIES_RULES)[number];

/** The scope of an edit of a market in a series: this date alone, or this and every later one. */
const EDIT_SCOPES = ['this', 'following'] as const;
export type TEditScope = (typeof EDIT_SCOPES)[number];

export const SERIES_MESSAGES = {
  ruleInvalid: 'Die Wiederholung ist „weekly“, „biweekly“ oder „monthly“.',
  needsEnd: 'Bitte gib an, bis wann sich der Flohmarkt wiederholt, oder wähle die Termine.',
  untilInvalid: 'Das Ende der Reihe ist ein Datum (JJJJ-MM-TT).',
  untilBeforeStart: 'Das Ende der Reihe liegt vor dem ersten Termin.',
  datesInvalid: 'Die Termine sind eine Liste von Daten (JJJJ-MM-TT).',
  tooManyDates: `Eine Reihe hat höchstens ${SERIES_MAX_DATES} Termine.`,
  countInvalid: `Die Anzahl der Termine ist eine Zahl von 2 bis ${SERIES_MAX_DATES}.`,
  seriesNotFound: 'Diese Terminreihe gibt es nicht.',
  scopeInvalid: 'Der Umfang ist „this“ (nur dieser Termin) oder „following“ (alle folgenden).',
  /** „Kopieren“ by someone who does not run the market (organiser, co-organiser, admin). */
  copyForbidden: 'Kopieren kann einen Flohmarkt nur, wer ihn veranstaltet.',
  /** „Alle folgenden“ by someone on the team of this date but not of every later one (teams are per date). */
  followingForbidden: 'Du gehörst nicht zum Team aller folgenden Termine. Speichere die Änderung nur für diesen Termin.',
  /** „Alle folgenden“ would move a later date past the last year a market may have. */
  followingOutOfRange: `So verschoben lägen folgende Termine nach ${LIMITS.dateYearMax}. Speichere die Änderung nur für diesen Termin oder wähle ein früheres Datum.`,
  noPreviousMarket: 'Dieser Flohmarkt hat keinen früheren Termin und ist keine Kopie: Es gibt niemanden einzuladen.',
  invitationsClosed: 'Für diesen Flohmarkt ist die Anmeldung geschlossen: Einladungen sind nicht mehr möglich.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as 'YYYY-MM-DD' (a date-time counts by its Berlin day); anything else is undefined. */
function toDay(value: string): string | undefined {
  if (DAY.test(value)) {
    const parsed = new Date(`${value}T12:00:00Z`);
    return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value ? undefined : value;
  }
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value) ? undefined : berlinDay(instant);
}

/** Whether a 'YYYY-MM-DD' lies in the years a market may have (as a single market's dates: 2000–2099). */
const inMarketYears = (day: string) => isMarketYear(Number(day.slice(0, 4)));

const ZDay = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const day = toDay(value.trim());
    if (day === undefined || !inMarketYears(day)) {
      ctx.addIssue({ code: 'custom', message: day === undefined ? message : VALIDATION.dateOutOfRange });
      return z.NEVER;
    }
    return day;
  });

/**
 * `series` of POST /api/events: a rule with an end (`until`, a day, or `count` dates), or a list of
 * `dates` (then the rule may be left out). Monthly repeats the first date's weekday and its place in
 * the month ("jeden 1. Samstag"); a fifth weekday becomes the last one of each month.
 */
export const ZSeriesInput = z
  .object(
    {
      rule: z.enum(SERIES_RULES, { error: SERIES_MESSAGES.ruleInvalid }).optional(),
      until: ZDay(SERIES_MESSAGES.untilInvalid).optional(),
      count: z
        .number({ error: SERIES_MESSAGES.countInvalid })
        .int(SERIES_MESSAGES.countInvalid)
        .min(2, SERIES_MESSAGES.countInvalid)
        .max(1000, SERIES_MESSAGES.countInvalid)
        .optional(),
      dates: z
        .array(ZDay(SERIES_MESSAGES.datesInvalid), { error: SERIES_MESSAGES.datesInvalid })
        .max(SERIES_MAX_DATES * 4, SERIES_MESSAGES.tooManyDates)
        .optional(),
    },
    { error: SERIES_MESSAGES.needsEnd },
  )
  .refine((s) => s.dates !== undefined || (s.rule !== undefined && (s.until !== undefined || s.count !== undefined)), {
    message: SERIES_MESSAGES.needsEnd,
  });
export type TSeriesInput = z.infer<typeof ZSeriesInput>;

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The day of the n-th (1–4) or last (5) weekday `weekday` (0 = Sunday) in a month. */
function nthWeekdayOf(year: number, month: number, weekday: number, nth: number): string {
  const first = new Date(Date.UTC(year, month, 1));
  const firstMatch = 1 + ((weekday - first.getUTCDay() + 7) % 7);
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  let day = firstMatch + (nth - 1) * 7;
  while (day > daysInMonth) day -= 7;
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** The days of a rule from the first day on, stopping after `until` or at `limit` days (one more than allowed, to tell "too many"). */
function ruleDays(first: string, rule: TSeriesRule, until: string | undefined, limit: number): string[] {
  const days: string[] = [];
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const nth = Math.ceil(d / 7);
  for (let i = 0; days.length < limit; i++) {
    const day = rule === 'monthly' ? nthWeekdayOf(y, m - 1 + i, weekday, nth) : dayAfter(first, i * (rule === 'weekly' ? 7 : 14));
    if (until !== undefined && day > until) break;
    days.push(day);
  }
  return days;
}

export type TSeriesDate = { startDateTime: string; endDateTime: string };

/**
 * The markets of a series: each starts at the first one's Berlin wall-clock time on its own day
 * (08:00 stays 08:00 across a change of clocks) and lasts as long. A problem is answered as the
 * German sentence of SERIES_MESSAGES, never thrown.
 */
export function seriesDates(startDateTime: string, endDateTime: string, series: TSeriesInput): { dates: TSeriesDate[] } | { error: string } {
  const start = new Date(startDateTime);
  const first = berlinDay(start);
  const { hour, minute } = berlinClock(start);
  let days: string[];
  if (series.dates !== undefined) {
    days = [...new Set([first, ...series.dates])].sort();
  } else {
    if (series.until !== undefined && series.until < first) return { error: SERIES_MESSAGES.untilBeforeStart };
    const limit = Math.min(series.count ?? SERIES_MAX_DATES + 1, SERIES_MAX_DATES + 1);
    days = ruleDays(first, series.rule ?? 'weekly', series.until, limit);
    if (series.count !== undefined && series.count > SERIES_MAX_DATES) return { error: SERIES_MESSAGES.tooManyDates };
  }
  if (days.length > SERIES_MAX_DATES) return { error: SERIES_MESSAGES.tooManyDates };
  // A rule running on past the last year a market may have (a weekly series started late in 2099).
  if (!days.every(inMarketYears)) return { error: VALIDATION.dateOutOfRange };
  const duration = Date.parse(endDateTime) - start.getTime();
  return {
    dates: days.map((day) => {
      const begins = day === first ? start : berlinWallTime(day, hour, minute);
      return { startDateTime: begins.toISOString(), endDateTime: new Date(begins.getTime() + duration).toISOString() };
    }),
  };
}

/** Moves an instant by whole Berlin days, keeping its wall-clock time (for "alle folgenden" and copies). */
export function shiftBerlinDays(instant: Date, days: number): Date {
  const { hour, minute } = berlinClock(instant);
  return berlinWallTime(dayAfter(berlinDay(instant), days), hour, minute);
}

/** The query of PUT /api/events/{id}: `scope=following` edits this date and every later one of its series. */
export const ZEventUpdateQuery = z.object({
  scope: z.enum(EDIT_SCOPES, { error: SERIES_MESSAGES.scopeInvalid }).default('this'),
});

/** POST /api/events/{id}/invite-previous: how many sellers were invited now (each seller once per market). */
export const ZInvitedPrevious = z.object({ invited: z.number().int().nonnegative() });
export type TInvitedPrevious = z.infer<typeof ZInvitedPrevious>;
