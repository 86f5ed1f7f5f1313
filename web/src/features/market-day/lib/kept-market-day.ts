import { ZMarketDay, type TEvent, type TMarketDay } from '@flohmarkt/contracts';

/*
 * The last market day list this phone received, kept in localStorage (issue 36): a reload without
 * reception on the day still shows the stands to tick, with the time of the copy. It holds the
 * team's view of one market and goes with the rest of the browser's data at sign-out
 * (features/auth/api/browser-data.ts clears all of localStorage).
 */

/** What the page header needs of the market, kept with the list (the event read may not be at hand offline). */
export type KeptEventFacts = Pick<TEvent, 'id' | 'name' | 'location' | 'startDateTime' | 'endDateTime'>;

export interface KeptMarketDay {
  day: TMarketDay;
  event: KeptEventFacts | null;
}

export const keptMarketDayKey = (eventId: string) => `flohmarkt.market-day.v1.${eventId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The kept copy of the market's list, or null (none, another market's, or a shape this version cannot read). */
export function readKeptMarketDay(eventId: string): KeptMarketDay | null {
  try {
    const raw = storage()?.getItem(keptMarketDayKey(eventId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { day?: unknown; event?: unknown };
    const day = ZMarketDay.safeParse(parsed.day);
    if (!day.success || day.data.eventId !== eventId) return null;
    const event = parsed.event && typeof parsed.event === 'object' ? (parsed.event as KeptEventFacts) : null;
    return { day: day.data, event: event && event.id === eventId && typeof event.name === 'string' ? event : null };
  } catch {
    return null;
  }
}

/** Keeps the newest answer; the event's facts when known, else those kept before. */
export function keepMarketDay(day: TMarketDay, event: TEvent | null | undefined): void {
  const facts: KeptEventFacts | null = event
    ? { id: event.id, name: event.name, location: event.location, startDateTime: event.startDateTime, endDateTime: event.endDateTime }
    : (readKeptMarketDay(day.eventId)?.event ?? null);
  try {
    storage()?.setItem(keptMarketDayKey(day.eventId), JSON.stringify({ day, event: facts }));
  } catch {
    // A full or refused storage: the page works as long as it stays open.
  }
}
