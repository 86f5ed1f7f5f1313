import { TIME_ZONE } from './limits.js';

/*
 * Calendar days in Europe/Berlin, whatever zone the server or browser runs in: "today" and
 * `date=YYYY-MM-DD` of the event search, the event day of live states and of approximate locations.
 * Plain Intl: the same in Node and in the browser. A Berlin day is 23 or 25 hours long on the days the clocks change, so its
 * end is the next day's midnight, never start + 24 h.
 */

const WALL_CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** What Berlin's wall clock shows at an instant, each field as its zero-padded digits: year '2031', month '06', … second '00'. */
type TBerlinWallClock = Readonly<Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>>;

/**
 * Berlin's wall clock at this instant, as its digits. The one reading of the zone's clock: the days
 * here and the local times of the calendar files (server-kit's berlinLocalDateTime) both start from it.
 */
export function berlinWallClock(instant: Date): TBerlinWallClock {
  return Object.fromEntries(WALL_CLOCK.formatToParts(instant).map((p) => [p.type, p.value])) as TBerlinWallClock;
}

function wallClock(instant: Date): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts = berlinWallClock(instant);
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), min: Number(parts.minute), s: Number(parts.second) };
}

/** How far Berlin's wall clock is ahead of UTC at this instant, in ms (1 or 2 hours). */
function berlinOffsetMs(instant: Date): number {
  const w = wallClock(instant);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - wholeSeconds;
}

/** The calendar day ('YYYY-MM-DD') it is in Berlin at this instant. */
export function berlinDay(instant: Date): string {
  const w = wallClock(instant);
  return `${w.y}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;

/**
 * The instant Berlin's clocks show this wall-clock time (its fields read as UTC: `Date.UTC(y, m - 1, d, h, min)`).
 * The night the clocks go back, 02:00–02:59 happens twice: the first time counts (summer time, CEST), as in
 * calendar files (RFC 5545) and a browser's own `new Date(y, m, d, h, min)`. The night they go forward,
 * 02:00–02:59 never happens: the time moves on by the hour skipped (02:30 is 03:30 CEST).
 */
function berlinInstantOfWall(wall: number): Date {
  // Berlin's offset a day before and a day after: the two it can have around this time.
  const before = wall - berlinOffsetMs(new Date(wall - DAY_MS));
  const after = wall - berlinOffsetMs(new Date(wall + DAY_MS));
  const shows = (utc: number) => utc + berlinOffsetMs(new Date(utc)) === wall;
  const candidates = [before, after].filter(shows);
  // None: the skipped hour; the offset from before the change moves it on by the hour skipped.
  return new Date(candidates.length === 0 ? before : Math.min(...candidates));
}

/**
 * The instant Berlin's clocks show this time on this day. Meant for whole hours (00:00, 18:00); on the
 * nights the clocks change it reads the times of 02:00–02:59 as berlinDateTimeLocalInstant does.
 */
export function berlinWallTime(day: string, hour: number, minute = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return berlinInstantOfWall(Date.UTC(y, m - 1, d, hour, minute));
}

/** A datetime-local value ('2030-06-01T09:30'; seconds, if any, are dropped). */
const DATE_TIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * What Berlin's clocks show at this instant as the value of an `<input type="datetime-local">`
 * ('2030-06-01T09:30', minutes precision): a market's times are Berlin times, whatever the zone of the
 * device that shows them.
 */
export function berlinDateTimeLocal(instant: Date): string {
  const p = berlinWallClock(instant);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * The instant a datetime-local value ('2030-06-01T09:30') names as Berlin wall-clock time, whatever the
 * zone of the device it was typed on; null when it is no complete date-time or no such day (2030-02-31).
 * The nights the clocks change: see berlinInstantOfWall (the repeated 02:30 is the first, CEST; the
 * skipped 02:30 is 03:30 CEST).
 */
export function berlinDateTimeLocalInstant(value: string): Date | null {
  const match = DATE_TIME_LOCAL.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  if (h > 23 || mi > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // 2030-02-31 would roll over into March: refuse it rather than silently move the date.
  const date = new Date(wall);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return berlinInstantOfWall(wall);
}

/** The hour and minute Berlin's clocks show at this instant. */
export function berlinClock(instant: Date): { hour: number; minute: number } {
  const w = wallClock(instant);
  return { hour: w.h, minute: w.min };
}

/** The instant Berlin's clocks show 00:00 on this day (midnight is never inside a DST gap there). */
export function berlinMidnight(day: string): Date {
  return berlinWallTime(day, 0);
}

/** The day `days` calendar days after (or, negative, before) `day` ('YYYY-MM-DD'). */
export function dayAfter(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function nextDay(day: string): string {
  return dayAfter(day, 1);
}

/** The hour of the evening before a market when reminders go out and calendars ring (Berlin time). */
const REMINDER_HOUR = 18;

/**
 * 18:00 Berlin time on the day before the market's start day: when the reminder mails go out and the
 * calendar files' alarm rings, whatever the hour of the start.
 */
export function eveningBefore(start: Date): Date {
  return berlinWallTime(dayAfter(berlinDay(start), -1), REMINDER_HOUR);
}

/** [start, end) of a Berlin calendar day. */
export function berlinDayBounds(day: string): { start: Date; end: Date } {
  return { start: berlinMidnight(day), end: berlinMidnight(nextDay(day)) };
}

/** Start of today in Berlin: `upcoming` lists events that end at this instant or later. */
export function startOfBerlinToday(now: Date): Date {
  return berlinMidnight(berlinDay(now));
}

/** The instant Berlin's clocks showed 00:00 on the Berlin calendar day of this instant. */
export function berlinMidnightOf(instant: Date): Date {
  return berlinMidnight(berlinDay(instant));
}

/** The longest a Berlin calendar day lasts (25 h, the night clocks go back), plus a margin: past it lies the next day. */
const PAST_ONE_DAY_MS = 26 * 3600 * 1000;

/**
 * The event day: from 00:00 Europe/Berlin of the market's start date to 24:00 of its end date, so a
 * market that runs over two days has two event days. The one rule for the live state (stands) and
 * for when the web app offers its buttons.
 */
export function eventDayWindow(event: { startDateTime: string; endDateTime: string }): { from: Date; until: Date } {
  const from = berlinMidnightOf(new Date(event.startDateTime));
  const lastMidnight = berlinMidnightOf(new Date(event.endDateTime));
  const until = berlinMidnightOf(new Date(lastMidnight.getTime() + PAST_ONE_DAY_MS));
  return { from, until };
}

export function isEventDay(event: { startDateTime: string; endDateTime: string }, now: Date): boolean {
  const { from, until } = eventDayWindow(event);
  return now >= from && now < until;
}
