import { API_ERRORS, hasBegun, REVIEW_MESSAGES, STAND_API_ERRORS, type TEvent } from '@flohmarkt/contracts';
import { isAdmin, maySeeStand, ownsStand, type Decision, type EventFacts, type StandFacts, type Viewer } from '../stands/stand-access.js';

/** What the review rules read of the stand's market: when it starts and whether it was cancelled. */
export type ReviewedEvent = EventFacts & Pick<TEvent, 'startDateTime' | 'status'>;

/**
 * Who may review a stand, and when: a signed-in user who does not own it, once the event has
 * begun, only an approved stand, and never at a cancelled market (nobody was there to see it).
 * Pure: `now` is passed in. (Once per user is the 409 after the body check; see ReviewsController.)
 */
export function reviewDecision(caller: Viewer, stand: StandFacts, event: ReviewedEvent | null, now: Date): Decision {
  if (!maySeeStand(caller, stand, event)) return { allowed: false, code: 'NOT_FOUND', message: API_ERRORS.standNotFound };
  // The event is gone: its stands are being deleted.
  if (!event) return { allowed: false, code: 'NOT_FOUND', message: API_ERRORS.eventNotFound };
  if (stand.status !== 'approved') return { allowed: false, code: 'FORBIDDEN', message: STAND_API_ERRORS.reviewNotApproved };
  if (ownsStand(caller, stand)) return { allowed: false, code: 'FORBIDDEN', message: STAND_API_ERRORS.reviewOwnStand };
  // Before "not yet": a cancelled market will not begin at all.
  if (event.status === 'cancelled') return { allowed: false, code: 'FORBIDDEN', message: REVIEW_MESSAGES.eventCancelled };
  if (!hasBegun(event, now)) {
    return { allowed: false, code: 'FORBIDDEN', message: STAND_API_ERRORS.reviewBeforeStart };
  }
  return { allowed: true };
}

/** The review a DELETE names: null when the stand has no review of that id. */
export interface ReviewFacts {
  reviewerId: string;
}

/**
 * Who may delete a review: its writer (whatever became of the stand since), or an admin. Anyone else
 * first learns nothing of a stand they may not see (404), then nothing of a review that is not there
 * (404), and is refused the rest (403). `event`: needed only where seeing the stand depends on who
 * organises it (visibilityNeedsEvent), else null.
 */
export function deleteReviewDecision(caller: NonNullable<Viewer>, stand: StandFacts, event: EventFacts | null, review: ReviewFacts | null): Decision {
  if (review !== null && review.reviewerId === caller.id) return { allowed: true };
  if (!maySeeStand(caller, stand, event)) return { allowed: false, code: 'NOT_FOUND', message: API_ERRORS.standNotFound };
  if (review === null) return { allowed: false, code: 'NOT_FOUND', message: REVIEW_MESSAGES.reviewNotFound };
  return isAdmin(caller) ? { allowed: true } : { allowed: false, code: 'FORBIDDEN', message: API_ERRORS.forbidden };
}
