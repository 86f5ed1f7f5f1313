import { API_ERRORS, registrationClosedReason, type TAuthUser, type TEvent, type TRegistrationFacts } from '@flohmarkt/contracts';

/** The organiser is the user whose id is the event's organizerId (docs/product.md#permissions). */
export function isOrganizer(user: TAuthUser | null, event: Pick<TEvent, 'organizerId'>): boolean {
  return user !== null && user.id === event.organizerId;
}

/** Edit the event, manage its stands and drafts: organiser or admin. */
export function mayManageEvent(user: TAuthUser | null, event: Pick<TEvent, 'organizerId'>): boolean {
  return isOrganizer(user, event) || user?.role === 'admin';
}

type RegistrationEvent = Pick<TEvent, 'organizerId'> & TRegistrationFacts;

/**
 * Why this viewer cannot register a stand now, as the German sentence the server answers with 403, or
 * null while they can (issue 17: cancelled, ended, past the deadline). The switch and the deadline bind
 * everyone but the organiser and admins, who may still add stands; a cancelled or ended event takes none.
 */
export function registrationClosedFor(user: TAuthUser | null, event: RegistrationEvent, now: Date = new Date()): string | null {
  const facts = mayManageEvent(user, event) ? { ...event, allowStandRegistration: true, registrationDeadline: null } : event;
  return registrationClosedReason(facts, now);
}

/** Registering a stand: anyone signed in while registration is open; with the switch off only organiser or admin. */
export function mayRegisterStand(user: TAuthUser | null, event: RegistrationEvent, now: Date = new Date()): boolean {
  return registrationClosedFor(user, event, now) === null;
}

/** The closed-registration sentence for a page: the switch's short API message becomes the sentence the event page always said. */
export function registrationClosedText(reason: string): string {
  return reason === API_ERRORS.registrationUnavailable ? 'Für diesen Flohmarkt sind derzeit keine Standanmeldungen möglich.' : reason;
}
