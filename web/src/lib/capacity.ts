import type { TEvent } from '@flohmarkt/contracts';

type CapacityFacts = Pick<TEvent, 'maxStands' | 'freePlaces'>;

/**
 * Whether the event has no free place left, as far as the event's read says: its `freePlaces`
 * counts the approved stands only (pending ones are not taken off), so a registration may still
 * land on the waitlist while it says a place is free; the answer then says so.
 */
export function isBookedUp(event: CapacityFacts): boolean {
  return event.maxStands != null && event.freePlaces === 0;
}

/** 'Noch 3 Plätze frei' / 'Ausgebucht – Anmeldung auf die Warteliste'; null without a cap. */
export function freePlacesText(event: CapacityFacts): string | null {
  if (event.maxStands == null || event.freePlaces === undefined) return null;
  if (event.freePlaces === 0) return 'Ausgebucht – Anmeldung auf die Warteliste';
  return event.freePlaces === 1 ? 'Noch 1 Platz frei' : `Noch ${event.freePlaces} Plätze frei`;
}

/** Said above a registration form while the event is booked up. */
export const WAITLIST_FORM_NOTICE =
  'Der Flohmarkt ist ausgebucht: Eine neue Anmeldung kommt auf die Warteliste. Wird ein Platz frei, rückt die erste Anmeldung der Liste von selbst nach und bekommt Bescheid.';

/** 'Warteliste, Platz 2': what a registrant is told when the registration went onto the waitlist. */
export function waitlistPlaceText(position: number | null | undefined): string {
  return position ? `Warteliste, Platz ${position}` : 'Warteliste';
}

/** The toast's second line after a registration: waiting for the organiser, or on the waitlist at place N. */
export function registeredDescription(stand: { status: string; waitlistPosition?: number | null }, pending: string): string {
  return stand.status === 'waitlisted'
    ? `Der Flohmarkt ist ausgebucht: ${waitlistPlaceText(stand.waitlistPosition)}. Wird ein Platz frei, rückst du von selbst nach.`
    : pending;
}
