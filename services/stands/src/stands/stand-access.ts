import {
  API_ERRORS,
  SCREENS,
  eventPhase,
  registrationClosedReason,
  type TRegistrationFacts,
  type TRole,
  type TStandStatus,
  type TTeamFacts,
} from '@flohmarkt/contracts';
import { managesEvent } from '@flohmarkt/server-kit';

// The rule "organiser or admin" is server-kit's (event-management.ts), shared with the events service.
export { managesEvent };

/*
 * Who may do what with a stand (docs/product.md#permissions), as pure functions of the caller, the stand and
 * its event, so that every rule is decided in one place and tested without a server.
 * The organiser is the user whose id is the event's organizerId (the role alone grants nothing).
 */

export type Viewer = { id: string; role: TRole } | null;

export interface StandFacts {
  /** null: a guest stand. */
  exhibitorId: string | null;
  status: TStandStatus;
}

export interface EventFacts {
  organizerId: string;
  allowStandRegistration: boolean;
  /** The market's team (issue 36): co-organisers manage it, helpers run its day (server-kit event-management.ts). */
  team?: TTeamFacts | null;
}

export type Decision = { allowed: true } | { allowed: false; code: 'NOT_FOUND' | 'FORBIDDEN'; message: string };

const ALLOWED: Decision = { allowed: true };
const forbidden = (message: string): Decision => ({ allowed: false, code: 'FORBIDDEN', message });
const hidden: Decision = { allowed: false, code: 'NOT_FOUND', message: API_ERRORS.standNotFound };

export function isAdmin(caller: Viewer): boolean {
  return caller?.role === 'admin';
}

export function ownsStand(caller: Viewer, stand: StandFacts): boolean {
  return caller !== null && stand.exhibitorId !== null && caller.id === stand.exhibitorId;
}

/**
 * Approved stands are public; pending, waitlisted, rejected and released (issue 36) ones exist only for owner,
 * organiser (and co-organisers) and admins; a withdrawn one only for its owner (it has left every list, the organiser's included).
 */
export function maySeeStand(caller: Viewer, stand: StandFacts, event: EventFacts | null): boolean {
  if (stand.status === 'withdrawn') return ownsStand(caller, stand);
  return stand.status === 'approved' || ownsStand(caller, stand) || managesEvent(caller, event);
}

/**
 * Whether seeing the stand depends on who organises its event: only then is the event worth a
 * call to the events service on a plain read.
 */
export function visibilityNeedsEvent(caller: Viewer, stand: StandFacts): boolean {
  if (stand.status === 'approved' || stand.status === 'withdrawn') return false;
  return caller !== null && !isAdmin(caller) && !ownsStand(caller, stand);
}

/**
 * Edit (PUT) and delete: owner, organiser or admin; a guest stand has no owner, so only the latter two.
 * The owner's DELETE withdraws the stand (removalOf), anyone else's deletes it.
 */
export function changeStandDecision(caller: Viewer, stand: StandFacts, event: EventFacts | null): Decision {
  if (!maySeeStand(caller, stand, event)) return hidden;
  if (managesEvent(caller, event)) return ALLOWED;
  if (stand.exhibitorId === null) return forbidden(SCREENS.guestStandOrganizerOnly);
  return ownsStand(caller, stand) ? ALLOWED : forbidden(API_ERRORS.forbidden);
}

/** Approve or reject: organiser or admin only. */
export function moderateStandDecision(caller: Viewer, stand: StandFacts, event: EventFacts | null): Decision {
  if (!maySeeStand(caller, stand, event)) return hidden;
  return managesEvent(caller, event) ? ALLOWED : forbidden(API_ERRORS.forbidden);
}

/**
 * The organiser's tools for an event's stands (review list, numbering, the CSV): its organiser or an
 * admin (managesEvent); anyone else a 403 with `message`.
 */
export function eventManagementDecision(caller: Viewer, event: EventFacts, message: string = API_ERRORS.forbidden): Decision {
  return managesEvent(caller, event) ? ALLOWED : forbidden(message);
}

/** Bulk review, walk-up stands and the stand overview: the same rule, its 403 saying who may. */
export function standManagementDecision(caller: Viewer, event: EventFacts): Decision {
  return eventManagementDecision(caller, event, API_ERRORS.standManagementForbidden);
}

/** What DELETE /api/stands/{id} does: the owner takes their own stand back, organiser and admins remove someone else's. */
export function removalOf(caller: Viewer, stand: StandFacts): 'withdraw' | 'delete' {
  return ownsStand(caller, stand) ? 'withdraw' : 'delete';
}

/**
 * Registering a stand (guest or signed in), at `now`. Closed registration answers why
 * (registrationClosedReason: cancelled, ended, switched off, deadline passed). The organiser and
 * admins may still add a stand while it is switched off or past its deadline (a late stand they
 * agreed to), never at a cancelled or ended event.
 */
export function registrationDecision(caller: Viewer, event: EventFacts & TRegistrationFacts, now: Date): Decision {
  const closed = registrationClosedReason(event, now);
  if (closed === null) return ALLOWED;
  const forGood = event.status === 'cancelled' || eventPhase(event, now) === 'ended';
  return !forGood && managesEvent(caller, event) ? ALLOWED : forbidden(closed);
}

/** Statuses of an event's stand list: the public sees approved ones, organiser and admins the pending ones too. */
export function eventListStatuses(caller: Viewer, event: EventFacts): TStandStatus[] {
  return managesEvent(caller, event) ? ['approved', 'pending'] : ['approved'];
}

/**
 * Statuses of a user's stand list: the user sees every status ('Abgelehnt', 'Zurückgezogen', 'Platz
 * abgegeben' in My stands), admins every one but withdrawn, others the approved ones.
 */
export function userListStatuses(caller: Viewer, userId: string): TStandStatus[] {
  if (caller !== null && caller.id === userId) return ['pending', 'waitlisted', 'approved', 'rejected', 'withdrawn', 'released'];
  return isAdmin(caller) ? ['pending', 'waitlisted', 'approved', 'rejected', 'released'] : ['approved'];
}

/**
 * The lists under a user (their stands, the reviews on them) of a user whose profile is private are
 * theirs and admins' only: for everyone else the user is not there (docs/product.md#privacy).
 */
export function mayListUser(caller: Viewer, userId: string, profile: { profilePublic?: boolean } | undefined): boolean {
  return profile?.profilePublic !== false || (caller !== null && caller.id === userId) || isAdmin(caller);
}
