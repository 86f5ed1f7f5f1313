import { berlinClock, berlinDay, berlinWallTime, dayAfter, daysBetween, isMarketYear } from '@flohmarkt/contracts';

/** A market's times as stored. */
export type TMarketTimes = { startDateTime: Date; endDateTime: Date; registrationDeadline: Date | null };

/**
 * "Alle folgenden": the times a later date of a series takes when one date is edited. It moves by as
 * many calendar days as the edited date moved, starts at the edited date's new wall-clock time (so
 * 08:00 stays 08:00 across a change of clocks) and lasts as long. Its registration deadline keeps
 * its own when the edit left the deadline out, is cleared with it, or else keeps the edited date's
 * distance to the start.
 */
export function followingTimes(edited: { before: Date; after: TMarketTimes; deadlineGiven: boolean }, later: TMarketTimes): TMarketTimes {
  const shiftDays = daysBetween(berlinDay(edited.before), berlinDay(edited.after.startDateTime));
  const { hour, minute } = berlinClock(edited.after.startDateTime);
  const start = berlinWallTime(dayAfter(berlinDay(later.startDateTime), shiftDays), hour, minute);
  const end = new Date(start.getTime() + (edited.after.endDateTime.getTime() - edited.after.startDateTime.getTime()));
  const deadline = !edited.deadlineGiven
    ? later.registrationDeadline
    : edited.after.registrationDeadline === null
      ? null
      : new Date(start.getTime() + (edited.after.registrationDeadline.getTime() - edited.after.startDateTime.getTime()));
  return { startDateTime: start, endDateTime: end, registrationDeadline: deadline };
}

/** Whether every time of a date lies in the years a single market may have (as its own PUT would check them). */
export function withinMarketYears(times: TMarketTimes): boolean {
  return [times.startDateTime, times.endDateTime, times.registrationDeadline].every((t) => t === null || isMarketYear(t.getUTCFullYear()));
}

/**
 * A copy's deadline keeps the original's distance to the start, never after the copy's end (a
 * copy may be shorter than the original).
 */
export function copiedDeadline(original: TMarketTimes, start: Date, end: Date): Date | null {
  if (original.registrationDeadline === null) return null;
  const moved = start.getTime() + (original.registrationDeadline.getTime() - original.startDateTime.getTime());
  return new Date(Math.min(moved, end.getTime()));
}
