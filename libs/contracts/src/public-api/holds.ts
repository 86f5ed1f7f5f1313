import { z } from 'zod';
import { HOLD_MESSAGES, ZHold, ZHoldCreated, ZHoldDecision } from '../holds.js';
import { ITEM_MESSAGES } from '../items.js';
import { API_ERRORS } from '../messages.js';
import { callsOf, type PublicCall } from './public-call.js';

const standsCall = callsOf('stands');

/*
 * Free holds (issue 35). The visitor asks signed in; the seller decides signed in, as a guest with
 * the stand's manage token (X-Manage-Token), or with the token of the mail's link; the holder may
 * end their own hold.
 */

export const REQUEST_HOLD = standsCall({
  method: 'POST',
  path: '/items/:id/holds',
  summary: 'Angebot reservieren (Anfrage an den Verkäufer)',
  signIn: true,
  idempotent: true,
  answers: [{ status: 201, description: 'Die Anfrage; der Verkäufer nimmt sie an oder lehnt ab.', schema: ZHoldCreated }],
  errors: {
    404: [ITEM_MESSAGES.itemNotFound],
    400: [HOLD_MESSAGES.ownItem, HOLD_MESSAGES.itemNotHoldable, HOLD_MESSAGES.tooLate],
    409: [HOLD_MESSAGES.alreadyHeld, HOLD_MESSAGES.tooManyHolds],
  },
});

/** One hold, for its holder, the stand's seller, or whoever holds the link of the seller's mail (`?token=`). */
export const GET_HOLD = standsCall({
  method: 'GET',
  path: '/holds/:id',
  summary: 'Eine Reservierung',
  query: z.object({ token: z.string().max(100).optional() }),
  answers: [{ status: 200, description: 'Die Reservierung.', schema: ZHold }],
  errors: { 404: [HOLD_MESSAGES.holdNotFound] },
});

export const DECIDE_HOLD = standsCall({
  method: 'PATCH',
  path: '/holds/:id',
  summary: 'Reservierung annehmen, ablehnen oder beenden',
  body: ZHoldDecision,
  answers: [{ status: 200, description: 'Die Reservierung nach der Entscheidung.', schema: ZHold }],
  errors: {
    404: [HOLD_MESSAGES.holdNotFound],
    403: [HOLD_MESSAGES.decisionForbidden],
    400: [HOLD_MESSAGES.decisionInvalid],
    409: [HOLD_MESSAGES.decisionNotOpen],
  },
});

/** The caller's holds, open ones first; the pickup code once accepted. */
export const LIST_MY_HOLDS = standsCall({
  method: 'GET',
  path: '/me/holds',
  summary: 'Meine Reservierungen',
  signIn: true,
  answers: [{ status: 200, description: 'Die Reservierungen, offene zuerst.', schema: z.array(ZHold) }],
});

/** The holds of a stand's items, for its seller (signed in or with the manage token): display names and codes, never e-mails. */
export const LIST_STAND_HOLDS = standsCall({
  method: 'GET',
  path: '/stands/:id/holds',
  summary: 'Reservierungen der Angebote eines Stands',
  signIn: 'or-manage-token',
  answers: [{ status: 200, description: 'Die Reservierungen, offene zuerst.', schema: z.array(ZHold) }],
  errors: { 404: [API_ERRORS.standNotFound], 403: [HOLD_MESSAGES.decisionForbidden] },
});

export const HOLDS_CALLS: readonly PublicCall[] = [REQUEST_HOLD, GET_HOLD, DECIDE_HOLD, LIST_MY_HOLDS, LIST_STAND_HOLDS];
