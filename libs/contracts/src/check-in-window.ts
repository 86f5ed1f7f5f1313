import { eventDayWindow } from './berlin-time.js';

/** How long before the market's start the team may tick: the evening before, when the first sellers set up. */
export const CHECK_IN_LEAD_MS = 24 * 3_600_000;

/**
 * When stands are checked in: from 24 hours before the start to the end of the market's (last) day,
 * 24:00 Berlin time. The stands service's rule for each tick, and when the market day page offers its buttons.
 * A module of its own, not in berlin-time: that one is in the landing page's first paint, this only on the market day's.
 */
export function checkInWindow(event: { startDateTime: string; endDateTime: string }): { from: Date; until: Date } {
  return { from: new Date(Date.parse(event.startDateTime) - CHECK_IN_LEAD_MS), until: eventDayWindow(event).until };
}
