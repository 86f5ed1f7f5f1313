import { API_ERRORS, hasBegun, STAND_API_ERRORS } from '@flohmarkt/contracts';
import { maySeeStand, ownsStand, type Decision, type EventFacts, type StandFacts, type Viewer } from '../stands/stand-access.js';

/**
 * Who may review a stand, and when: a signed-in user who does not own it, once the event has
 * begun, and only an approved stand. Pure: `now` is passed in. (Once per user is the 409 after
 * the body check; see ReviewsController.)
 */
export function reviewDecision(caller: Viewer, stand: StandFacts, event: (EventFacts & { startDateTime: string }) | null, now: Date): Decision {
  if (!maySeeStand(caller, stand, event)) return { allowed: false, code: 'NOT_FOUND', message: API_ERRORS.standNotFound };
  // The event is gone: its stands are being deleted.
  if (!event) return { allowed: false, code: 'NOT_FOUND', message: API_ERRORS.eventNotFound };
  if (stand.status !== 'approved') return { allowed: false, code: 'FORBIDDEN', message: STAND_API_ERRORS.reviewNotApproved };
  if (ownsStand(caller, stand)) return { allowed: false, code: 'FORBIDDEN', message: STAND_API_ERRORS.reviewOwnStand };
  if (!hasBegun(event, now)) {
    return { allowed: false, code: 'FORBIDDEN', message: STAND_API_ERRORS.reviewBeforeStart };
  }
  return { allowed: true };
}
