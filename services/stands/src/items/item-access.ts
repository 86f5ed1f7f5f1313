import { ITEM_MESSAGES } from '@flohmarkt/contracts';
import { managesEvent, maySeeStand, ownsStand, type Decision, type EventFacts, type StandFacts, type Viewer } from '../stands/stand-access.js';

/*
 * Who may change a stand's items (issue 35): whoever may edit the stand (its owner, the organiser,
 * an admin), or a guest whose manage token arrives in X-Manage-Token. Reading follows reading the
 * stand. A stand the caller may not see is a 404 before any 403 (nothing leaks).
 */

/** Changing an item (create, edit, sold, remove): `notFound` is the 404's sentence (the stand's or the item's). */
export function itemWriteDecision(caller: Viewer, stand: StandFacts, event: EventFacts | null, guest: boolean, notFound: string): Decision {
  if (guest) return { allowed: true };
  if (!maySeeStand(caller, stand, event)) return { allowed: false, code: 'NOT_FOUND', message: notFound };
  if (ownsStand(caller, stand) || managesEvent(caller, event)) return { allowed: true };
  return { allowed: false, code: 'FORBIDDEN', message: ITEM_MESSAGES.editForbidden };
}

/** Whether deciding a write needs the event (who organises it): only for a signed-in caller who is neither owner nor admin. */
export function writeNeedsEvent(caller: Viewer, stand: StandFacts, guest: boolean): boolean {
  return !guest && caller !== null && caller.role !== 'admin' && !ownsStand(caller, stand);
}
