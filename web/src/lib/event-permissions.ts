import { API_ERRORS, registrationClosedReason, type TAuthUser, type TEvent, type TRegistrationFacts, type TTeamRole } from '@flohmarkt/contracts';
import { useMyEvents } from '@/features/my-events/api/get-my-events';

/** The organiser is the user whose id is the event's organizerId (docs/product.md#permissions). */
export function isOrganizer(user: TAuthUser | null, event: Pick<TEvent, 'organizerId'>): boolean {
  return user !== null && user.id === event.organizerId;
}

/**
 * Edit the event, manage its stands and drafts: organiser or admin, and (issue 36) a co-organiser,
 * whose role the caller passes from useEventRole. Without it the answer is the organiser's or admin's
 * alone: deleting, cancelling and the team stay theirs (server-kit's event-management.ts, the rule).
 */
export function mayManageEvent(user: TAuthUser | null, event: Pick<TEvent, 'organizerId'>, teamRole: TTeamRole | null = null): boolean {
  return isOrganizer(user, event) || user?.role === 'admin' || (user !== null && teamRole === 'co-organizer');
}

/** The caller's part in a market: the organiser (admins count as one), a team role, or none. */
export type EventRole = 'organizer' | TTeamRole | null;

/**
 * The caller's part in the market (issue 36). The team role comes from "Meine Flohmärkte", which lists
 * the markets of the caller's teams with `teamRole`; it is asked only of someone signed in who is
 * neither the organiser nor an admin, and is null until it has answered (the tools appear then).
 */
export function useEventRole(user: TAuthUser | null, event: Pick<TEvent, 'id' | 'organizerId'> | undefined): EventRole {
  const owner = event !== undefined && mayManageEvent(user, event);
  const myEvents = useMyEvents(user?.id ?? '', { enabled: user !== null && event !== undefined && !owner });
  if (event === undefined || user === null) return null;
  if (owner) return 'organizer';
  return myEvents.data?.find((mine) => mine.id === event.id)?.teamRole ?? null;
}

/** The market day's list and check-in (issue 36): anyone with a part in the market, helpers included. */
export function mayRunMarketDay(role: EventRole): boolean {
  return role !== null;
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
