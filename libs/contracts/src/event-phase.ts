// The event's phase and whether stand registration is open, without zod: the web app's event page reads them
// without loading the schemas (issue 21).
import type { TEventPhase, TEventStatus } from './event.js';
import { API_ERRORS } from './messages.js';

/** What the phase and the registration rule need of an event (the read shape and the stands read model both carry it). */
export interface TEventTimeFacts {
  status: TEventStatus;
  startDateTime: string;
  endDateTime: string;
}

/** Whether the event has begun at `now` (from its start's instant on): reviews, the day's counts and check-ins wait for it. */
export function hasBegun(event: Pick<TEventTimeFacts, 'startDateTime'>, now: Date): boolean {
  return now.getTime() >= Date.parse(event.startDateTime);
}

/**
 * The event's phase at `now`: cancelled wins; otherwise upcoming before the start, running from the
 * start until the end, ended from the end on. Instants are compared, so no time zone is involved.
 */
export function eventPhase(event: TEventTimeFacts, now: Date): TEventPhase {
  if (event.status === 'cancelled') return 'cancelled';
  if (!hasBegun(event, now)) return 'upcoming';
  return now.getTime() < Date.parse(event.endDateTime) ? 'running' : 'ended';
}

export interface TRegistrationFacts extends TEventTimeFacts {
  allowStandRegistration: boolean;
  registrationDeadline: string | null;
}

/**
 * Why stand registration is closed at `now`, as the German sentence the 403 answers and the event
 * page shows instead of the form; null while it is open. The most lasting reason comes first:
 * cancelled, ended, switched off by the organiser, then the registration deadline passed (closed
 * from the deadline's instant on).
 */
export function registrationClosedReason(event: TRegistrationFacts, now: Date): string | null {
  if (event.status === 'cancelled') return API_ERRORS.registrationEventCancelled;
  if (eventPhase(event, now) === 'ended') return API_ERRORS.registrationEventEnded;
  if (!event.allowStandRegistration) return API_ERRORS.registrationUnavailable;
  if (event.registrationDeadline !== null && now.getTime() >= Date.parse(event.registrationDeadline)) return API_ERRORS.registrationDeadlinePassed;
  return null;
}
