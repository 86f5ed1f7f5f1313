/** A day in milliseconds. */
export const DAY_MS = 24 * 3600 * 1000;

/**
 * Today's UTC midnight as the spec file was loaded: every `inDays` of a file counts from the same
 * day, so a run that passes 00:00 UTC between two calls (a market created, then moved or filtered
 * by the "same" day) does not see its days shift by one.
 */
const TODAY_UTC = Math.floor(Date.now() / DAY_MS) * DAY_MS;

/** `days` after today's UTC midnight (as the file was loaded), at `hour` o'clock UTC, as ISO text (a fixture's event times). */
export function inDays(days: number, hour = 9): string {
  return new Date(TODAY_UTC + days * DAY_MS + hour * 3600 * 1000).toISOString();
}
