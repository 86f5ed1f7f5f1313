import { TEAM_INVITE_MAX_DAYS, berlinDateTimeLocal, berlinDateTimeLocalInstant } from '@flohmarkt/contracts';

/*
 * The expiry of an invite as a datetime-local value in Berlin's wall-clock time, as every time of a
 * market and the event form's fields, whatever the zone of the organiser's device (contracts'
 * berlin-time.ts): by default the market's end, or a week from now when the market is over or further
 * than the longest an invite may stay open (TEAM_INVITE_MAX_DAYS).
 */

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 7;

/** An instant as the field shows it (Berlin). */
export const toLocalInput = berlinDateTimeLocal;

/** The latest expiry the server takes, as the field's `max`. */
export function latestExpiry(now: Date): Date {
  return new Date(now.getTime() + TEAM_INVITE_MAX_DAYS * DAY_MS);
}

export function defaultExpiry(eventEnd: string | undefined, now: Date): string {
  const end = eventEnd ? Date.parse(eventEnd) : Number.NaN;
  const usable = Number.isFinite(end) && end > now.getTime() && end <= latestExpiry(now).getTime();
  return toLocalInput(usable ? new Date(end) : new Date(now.getTime() + DEFAULT_DAYS * DAY_MS));
}

/** The field's value (Berlin) as the API wants it (ISO with zone); null when it is not a complete date-time. */
export function expiryToIso(value: string): string | null {
  return berlinDateTimeLocalInstant(value)?.toISOString() ?? null;
}
