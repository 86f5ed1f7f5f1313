import { berlinMidnightOf, eventPhase, type TEventTimeFacts, type TFavourites } from '@flohmarkt/contracts';

/*
 * "Am Vorabend erinnern" (issue 34): a kept event's reminder mail at 18:00 Berlin time the evening
 * before. Only the account has it (the server sends the mail), so its state lives in the account's
 * favourites (`reminders` of GET /api/me/favourites), never in the browser's list.
 */

/** The account's favourites as the cache holds them; an answer from before issue 34 lacks `reminders`. */
export type AccountFavourites = Omit<TFavourites, 'reminders'> & { reminders?: string[] };

/** Whether the event's reminder is on in the account's favourites. */
export function hasReminder(favourites: AccountFavourites | undefined, eventId: string): boolean {
  return favourites?.reminders?.includes(eventId) ?? false;
}

/** The account's favourites with the event's reminder switched on or off (nothing cached stays nothing). */
export function withReminder(favourites: AccountFavourites | undefined, eventId: string, on: boolean): AccountFavourites | undefined {
  if (!favourites) return favourites;
  const others = (favourites.reminders ?? []).filter((id) => id !== eventId);
  return { ...favourites, reminders: on ? [...others, eventId] : others };
}

/**
 * The switch shows only until the market's own day begins (00:00 Berlin time, never the browser's or UTC's
 * day), and not for a cancelled one: from then on no mail of the evening before would go out (the stands
 * service's remindersDue), so the switch would promise one that never comes.
 */
export function mayRemind(event: TEventTimeFacts, now: Date): boolean {
  return eventPhase(event, now) === 'upcoming' && now < berlinMidnightOf(new Date(event.startDateTime));
}
