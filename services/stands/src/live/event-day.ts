import { berlinMidnightOf } from '@flohmarkt/contracts';

/** The longest a Berlin calendar day lasts (25 h, the night clocks go back), plus a margin: past it lies the next day. */
const PAST_ONE_DAY_MS = 26 * 3600 * 1000;

/**
 * The event day (docs: "Beyond the spec"): from 00:00 Europe/Berlin of the event's start date to
 * 24:00 of its end date, so a market that runs over two days has two event days.
 */
export function eventDayWindow(event: { startDateTime: string; endDateTime: string }): { from: Date; until: Date } {
  const from = berlinMidnightOf(new Date(event.startDateTime));
  const lastMidnight = berlinMidnightOf(new Date(event.endDateTime));
  const until = berlinMidnightOf(new Date(lastMidnight.getTime() + PAST_ONE_DAY_MS));
  return { from, until };
}

export function isEventDay(event: { startDateTime: string; endDateTime: string }, now: Date): boolean {
  const { from, until } = eventDayWindow(event);
  return now >= from && now < until;
}
