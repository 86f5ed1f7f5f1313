import { LIMITS, berlinDateTimeLocal, berlinDateTimeLocalInstant } from '@flohmarkt/contracts';

// <input type="datetime-local"> speaks wall-clock time ('2030-06-01T09:30'); the API wants ISO strings
// with a zone. A market's times are Berlin times whatever the zone of the organiser's device, as every
// page shows them: these helpers read and write the fields in Europe/Berlin (contracts' berlin-time.ts),
// never in the browser's zone. The nights the clocks change: the repeated 02:xx is the first (summer
// time), the skipped 02:xx of the spring moves on by the hour (02:30 is 03:30).

const STEP_MINUTES = LIMITS.dateInputStepSeconds / 60;
const MINUTE_MS = 60_000;

/** The instant an input value names in Berlin, or null when it is empty, malformed or no such day. */
export function parseLocalInput(value: string): Date | null {
  return berlinDateTimeLocalInstant(value);
}

/** An instant as the value of a datetime-local input: Berlin's wall clock, minutes precision. */
export function toLocalInput(date: Date): string {
  return berlinDateTimeLocal(date);
}

/** An ISO string from the API as an input value (Berlin time); '' for none. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : toLocalInput(date);
}

/**
 * docs/product.md#screens-and-routes and #in-the-browser: date inputs step 5 minutes; a typed time is rounded to the nearest
 * 5 minutes (09:32 → 09:30, 09:33 → 09:35, 23:58 → 00:00 of the next day). Seconds are dropped.
 * Anything that is not a complete date-time is returned as it is (the schema reports it).
 * The rounding is on the wall clock as typed, in no zone, so it never shifts the hour.
 */
export function roundToStep(value: string): string {
  if (!parseLocalInput(value)) return value;
  const [day, time] = value.trim().split('T') as [string, string];
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const minutes = Math.round(mi / STEP_MINUTES) * STEP_MINUTES;
  // The wall clock's fields as if UTC: plain calendar arithmetic for the carry into the next hour or day.
  const rounded = new Date(Date.UTC(y, mo - 1, d, h) + minutes * MINUTE_MS).toISOString().slice(0, 16);
  // Written back as Berlin shows that moment: a time of the spring's skipped hour becomes the one saved (02:30 → 03:30).
  const instant = parseLocalInput(rounded);
  return instant ? toLocalInput(instant) : rounded;
}

/** The input value as the API wants it: an ISO string with zone (toISOString), '' when empty. */
export function localInputToIso(value: string): string {
  if (value.trim() === '') return '';
  const date = parseLocalInput(value);
  // A malformed value is passed on as it is, so the schema answers its own message for it.
  return date ? date.toISOString() : value;
}
