import { LIVE_MESSAGES, isEventDay } from '@flohmarkt/contracts';
import { changeStandDecision, type Decision, type EventFacts, type StandFacts, type Viewer } from '../stands/stand-access.js';

export type LiveEventFacts = EventFacts & { startDateTime: string; endDateTime: string; status: string };

/**
 * Who may set a stand's live state, and when: the same people who may edit it (owner, organiser,
 * admin; a guest stand only the latter two), only an approved stand, only on the event day of an event
 * that is not cancelled. 404 before 403 (a stand the caller may not see does not exist for them).
 */
export function liveStateDecision(caller: Viewer, stand: StandFacts, event: LiveEventFacts | null, now: Date): Decision {
  const mayChange = changeStandDecision(caller, stand, event);
  if (!mayChange.allowed) return mayChange;
  if (stand.status !== 'approved') return { allowed: false, code: 'FORBIDDEN', message: LIVE_MESSAGES.notApproved };
  // The event is gone (its stands are about to follow): no day to speak of.
  if (!event || !isEventDay(event, now)) return { allowed: false, code: 'FORBIDDEN', message: LIVE_MESSAGES.outsideEventDay };
  if (event.status === 'cancelled') return { allowed: false, code: 'FORBIDDEN', message: LIVE_MESSAGES.eventCancelled };
  return { allowed: true };
}
