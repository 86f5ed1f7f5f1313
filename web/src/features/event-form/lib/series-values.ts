import {
  DATE_LOCALE,
  SERIES_MESSAGES,
  TIME_ZONE,
  ZSeriesInput,
  berlinDay,
  seriesDates,
  type TSeriesDate,
  type TSeriesInput,
  type TSeriesRule,
} from '@flohmarkt/contracts';
import { localInputToIso, parseLocalInput } from './date-time';

/*
 * "Wiederholen" of the create form (issue 34): the organiser's choice, the `series` it sends, and the
 * dates it makes, worked out by the contracts' seriesDates exactly as the events service will.
 */

export type SeriesChoice = 'once' | TSeriesRule | 'dates';

export interface SeriesValues {
  choice: SeriesChoice;
  /** The end of a rule's series, a date input's value ('YYYY-MM-DD'); '' while not chosen. */
  until: string;
  /** "Eigene Termine": the dates beside the first one (the form's Beginn), as typed; '' for an empty row. */
  dates: string[];
}

export const ONCE: SeriesValues = { choice: 'once', until: '', dates: [''] };

/** The day the first market starts on in Berlin (where the service counts the series), or null before a complete Beginn. */
export function firstDay(startLocal: string): string | null {
  return parseLocalInput(startLocal) ? berlinDay(new Date(localInputToIso(startLocal))) : null;
}

/** `series` of the create request; undefined for a market that does not repeat. */
export function seriesInput(series: SeriesValues): TSeriesInput | undefined {
  if (series.choice === 'once') return undefined;
  if (series.choice === 'dates') return { dates: series.dates.filter((d) => d !== '') };
  return series.until === '' ? { rule: series.choice } : { rule: series.choice, until: series.until };
}

const weekdayLong = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone: 'UTC', weekday: 'long' });

/** „Jeden Monat am 1. Samstag“, „… am letzten Samstag“ for a fifth one (the service takes the last), as the first date gives it. */
export function monthlyLabel(startLocal: string): string {
  const day = firstDay(startLocal);
  if (day === null) return 'Jeden Monat am selben Wochentag';
  const nth = Math.ceil(Number(day.slice(8, 10)) / 7);
  const weekday = weekdayLong.format(new Date(`${day}T12:00:00Z`));
  return `Jeden Monat am ${nth === 5 ? 'letzten' : `${nth}.`} ${weekday}`;
}

/** After this many dates the preview leaves out the middle and names the last one. */
const PREVIEW_SHOWN = 8;

const weekdayShort = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone: TIME_ZONE, weekday: 'short' });
const dayMonth = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'long' });
const year = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone: TIME_ZONE, year: 'numeric' });

/** „Sa, 7. März“, with the year when the series runs into another one. */
function previewDate(iso: string, withYear: boolean): string {
  const at = new Date(iso);
  const text = `${weekdayShort.format(at).replace(/\.$/, '')}, ${dayMonth.format(at)}`;
  return withYear ? `${text} ${year.format(at)}` : text;
}

/** „5 Termine: Sa, 7. März · Sa, 14. März · …“; a long series shows its first dates, „…“ and its last. */
export function previewText(dates: TSeriesDate[]): string {
  const withYear = new Set(dates.map((d) => year.format(new Date(d.startDateTime)))).size > 1;
  const shown = dates.length > PREVIEW_SHOWN + 1 ? [...dates.slice(0, PREVIEW_SHOWN), null, dates.at(-1) as TSeriesDate] : dates;
  const list = shown.map((d) => (d === null ? '…' : previewDate(d.startDateTime, withYear))).join(' · ');
  return `${dates.length} ${dates.length === 1 ? 'Termin' : 'Termine'}: ${list}`;
}

export const SERIES_HINTS = {
  needsStart: 'Wähle zuerst den Beginn: Von ihm aus werden die Termine berechnet.',
  needsMoreDates: 'Füge mindestens einen weiteren Termin hinzu.',
} as const;

/**
 * What the form says under "Wiederholen": nothing for a single market, a hint while something is
 * missing (it blocks the submit as well), the dates, or the service's own refusal (more than 52 …).
 */
export type SeriesPreview =
  { kind: 'none' } | { kind: 'incomplete'; message: string } | { kind: 'dates'; dates: TSeriesDate[] } | { kind: 'error'; message: string };

export function seriesPreview(startLocal: string, endLocal: string, series: SeriesValues): SeriesPreview {
  const input = seriesInput(series);
  if (input === undefined) return { kind: 'none' };
  if (firstDay(startLocal) === null) return { kind: 'incomplete', message: SERIES_HINTS.needsStart };
  if (input.rule !== undefined && input.until === undefined) return { kind: 'incomplete', message: SERIES_MESSAGES.needsEnd };
  const parsed = ZSeriesInput.safeParse(input);
  if (!parsed.success) return { kind: 'error', message: parsed.error.issues[0]?.message ?? SERIES_MESSAGES.needsEnd };
  const start = localInputToIso(startLocal);
  // Only the days matter for the preview: an end not typed yet is taken as the start.
  const end = parseLocalInput(endLocal) ? localInputToIso(endLocal) : start;
  const worked = seriesDates(start, end, parsed.data);
  if ('error' in worked) return { kind: 'error', message: worked.error };
  if (worked.dates.length < 2) return { kind: 'incomplete', message: SERIES_HINTS.needsMoreDates };
  return { kind: 'dates', dates: worked.dates };
}

/** The message that keeps the form from being sent, or undefined when the series (or a single market) may be saved. */
export function seriesProblem(preview: SeriesPreview): string | undefined {
  // A missing Beginn is the Beginn field's own message (the schema requires it): not said twice.
  if (preview.kind === 'incomplete' && preview.message === SERIES_HINTS.needsStart) return undefined;
  return preview.kind === 'incomplete' || preview.kind === 'error' ? preview.message : undefined;
}
