// Until when visitors may ask to hold an item (issue 35, holds.ts), without zod: the stand page decides
// it before offering „Reservieren“, and the stands service refuses a request by the same rule.
import type { TEventStatus } from './event.js';

/** When a hold lapses by itself: the market's start plus the stand's hold time (minutes). */
export function holdEndsAt(marketStart: string | Date, holdMinutes: number): Date {
  return new Date(new Date(marketStart).getTime() + holdMinutes * 60_000);
}

/** Whether the time for holds is over at `now`: from the hold's end on, nothing is asked for any more. */
export function holdTimeOver(marketStart: string | Date, holdMinutes: number, now: Date): boolean {
  return holdEndsAt(marketStart, holdMinutes).getTime() <= now.getTime();
}

export type THoldsClosedReason = 'cancelled' | 'ended' | 'tooLate';

/**
 * Why no hold can be asked for at `now`, null while one can: the market is cancelled, over, or its
 * hold time (start plus the stand's minutes) has passed. The most lasting reason comes first.
 */
export function holdsClosedReason(
  event: { status: TEventStatus; startDateTime: string; endDateTime: string },
  holdMinutes: number,
  now: Date,
): THoldsClosedReason | null {
  if (event.status === 'cancelled') return 'cancelled';
  if (now.getTime() >= Date.parse(event.endDateTime)) return 'ended';
  return holdTimeOver(event.startDateTime, holdMinutes, now) ? 'tooLate' : null;
}
