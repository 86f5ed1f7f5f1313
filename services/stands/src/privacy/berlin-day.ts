import { TIME_ZONE } from '@flohmarkt/contracts';

/*
 * The event's first day is a calendar day in Europe/Berlin, whatever zone the server runs in; its
 * midnight is found from Berlin's wall clock (1 or 2 hours ahead of UTC, never a DST gap at 00:00).
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

function wallClock(instant: Date): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts = Object.fromEntries(WALL_CLOCK.formatToParts(instant).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), min: Number(parts.minute), s: Number(parts.second) };
}

/** How far Berlin's wall clock is ahead of UTC at this instant, in ms. */
function berlinOffsetMs(instant: Date): number {
  const w = wallClock(instant);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - wholeSeconds;
}

/** The instant Berlin's clocks showed 00:00 on the calendar day (in Berlin) of this instant. */
export function berlinMidnightOf(instant: Date): Date {
  const w = wallClock(instant);
  const wall = Date.UTC(w.y, w.m - 1, w.d);
  // The offset at the first guess differs from the answer's only across a change of clocks; the second pass settles it.
  let utc = wall - berlinOffsetMs(new Date(wall));
  utc = wall - berlinOffsetMs(new Date(utc));
  return new Date(utc);
}
