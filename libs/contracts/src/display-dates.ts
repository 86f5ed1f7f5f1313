import { DATE_LOCALE, TIME_ZONE } from './limits.js';

/*
 * Dates and times as people read them here: de-DE, in the time zone of the markets (Europe/Berlin),
 * whatever zone the browser or server runs in. One module for the web app and the gateway, which
 * writes the event page's hero before the app replaces it with the same text (issue 22).
 */

const dateFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const longDateFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const timeFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});

const dateTimeFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const yearFormat = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone: TIME_ZONE, year: 'numeric' });

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** 24.05.2025 */
export function formatDate(value: DateInput): string {
  return dateFormat.format(toDate(value));
}

/** Samstag, 24. Mai 2025 */
export function formatLongDate(value: DateInput): string {
  return longDateFormat.format(toDate(value));
}

/** 09:30 */
export function formatTime(value: DateInput): string {
  return timeFormat.format(toDate(value));
}

/** 24.05.2025, 09:30 */
export function formatDateTime(value: DateInput): string {
  return dateTimeFormat.format(toDate(value));
}

/** 2025 (the calendar year in Berlin) */
export function formatYear(value: DateInput): string {
  return yearFormat.format(toDate(value));
}

const monthYearFormat = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone: TIME_ZONE, month: 'long', year: 'numeric' });

/** März 2024 ("Mitglied seit") */
export function formatMonthYear(value: DateInput): string {
  return monthYearFormat.format(toDate(value));
}

const weekdayFormat = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone: TIME_ZONE, weekday: 'short' });

/**
 * When a market runs, for lists: "Sa 24.05.2025 · 09:00–16:00 Uhr" within one day (in Berlin), and
 * with both days when it ends on another one ("Sa 24.05.2025 09:00 – So 25.05.2025 16:00 Uhr"):
 * a two-day market must not read as a one-day one.
 */
export function formatEventSpan(start: DateInput, end: DateInput): string {
  const from = toDate(start);
  const to = toDate(end);
  const day = (d: Date) => `${weekdayFormat.format(d)} ${formatDate(d)}`;
  if (formatDate(from) === formatDate(to)) return `${day(from)} · ${formatTime(from)}–${formatTime(to)} Uhr`;
  return `${day(from)} ${formatTime(from)} – ${day(to)} ${formatTime(to)} Uhr`;
}

const dayMonthFormat = new Intl.DateTimeFormat(DATE_LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit' });

/** Fr 12.06., 18:00 Uhr (no year: said beside a market that shows its own date) */
export function formatShortDayTime(value: DateInput): string {
  const at = toDate(value);
  return `${weekdayFormat.format(at)} ${dayMonthFormat.format(at)}, ${formatTime(at)} Uhr`;
}

/**
 * The registration deadline where a seller decides (event page, stand forms, poster):
 * "Anmeldung bis Fr 12.06., 18:00 Uhr" in Berlin time.
 */
export function formatRegistrationDeadline(value: DateInput): string {
  return `Anmeldung bis ${formatShortDayTime(value)}`;
}
