import { TIME_ZONE, berlinWallClock } from '@flohmarkt/contracts';

/*
 * Every event of the product is in Europe/Berlin (docs/product.md#calls-and-answers): the calendar
 * files name that zone (TZID) and carry its rules, so a calendar elsewhere shows the right hour.
 */

export const CALENDAR_TZID = TIME_ZONE;

/**
 * Europe/Berlin since 1996 (the EU rules): summer time from the last Sunday of March 02:00 to the
 * last Sunday of October 03:00. Every event on the platform lies after 1996, so these two rules
 * describe all of them.
 */
export const BERLIN_VTIMEZONE: readonly string[] = [
  'BEGIN:VTIMEZONE',
  `TZID:${CALENDAR_TZID}`,
  'X-LIC-LOCATION:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19810329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The local DATE-TIME Berlin's clocks (CALENDAR_TZID's zone) show at this instant: `20310607T080000` (used with TZID). */
export function berlinLocalDateTime(instant: Date): string {
  const p = berlinWallClock(instant);
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}
