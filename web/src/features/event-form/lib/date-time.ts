import { LIMITS } from '@flohmarkt/contracts';

// <input type="datetime-local"> speaks local wall-clock time ('2030-06-01T09:30'); the API wants
// ISO strings with a zone. These helpers convert between the two in the browser's time zone.

const STEP_MINUTES = LIMITS.dateInputStepSeconds / 60;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** A local input value as a Date, or null when it is empty or malformed. */
export function parseLocalInput(value: string): Date | null {
  const match = LOCAL.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  // 2030-02-31 would roll over into March: refuse it rather than silently move the date.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date;
}

/** A Date as the value of a datetime-local input (local time, minutes precision). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An ISO string from the API as an input value; '' for none. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : toLocalInput(date);
}

/**
 * docs/product.md#screens-and-routes and #in-the-browser: date inputs step 5 minutes; a typed time is rounded to the nearest
 * 5 minutes (09:32 → 09:30, 09:33 → 09:35, 23:58 → 00:00 of the next day). Seconds are dropped.
 * Anything that is not a complete date-time is returned as it is (the schema reports it).
 */
export function roundToStep(value: string): string {
  const date = parseLocalInput(value);
  if (!date) return value;
  const minutes = Math.round(date.getMinutes() / STEP_MINUTES) * STEP_MINUTES;
  date.setMinutes(minutes, 0, 0);
  return toLocalInput(date);
}

/** The input value as the API wants it: an ISO string with zone (toISOString), '' when empty. */
export function localInputToIso(value: string): string {
  if (value.trim() === '') return '';
  const date = parseLocalInput(value);
  // A malformed value is passed on as it is, so the schema answers its own message for it.
  return date ? date.toISOString() : value;
}
