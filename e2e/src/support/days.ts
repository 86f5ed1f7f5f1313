/** A day in milliseconds. */
export const DAY_MS = 24 * 3600 * 1000;

/** `days` after today's UTC midnight, at `hour` o'clock UTC, as ISO text (a fixture's event times). */
export function inDays(days: number, hour = 9): string {
  return new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS + hour * 3600 * 1000).toISOString();
}
