import type { THoldDecision, THoldStatus } from '@flohmarkt/contracts';

/*
 * Who may do what with a hold (issue 35), as pure functions. The seller is the stand's owner: signed
 * in, a guest with the stand's manage token, or whoever presents the token of the hold's mail link.
 * The organiser and admins are not sellers here (no decision over someone else's goods); an admin
 * may end a hold (moderation), and the holder may end their own.
 */

/** How the asker stands to the hold; null: a stranger. */
export type HoldParty = 'seller' | 'holder' | 'admin' | null;

export interface HoldAsker {
  callerId: string | null;
  isAdmin: boolean;
  /** The stand's owner signed in, or its guest by the manage token. */
  ownsStand: boolean;
  /** The mail link's token matched the hold's. */
  hasMailToken: boolean;
}

export function partyOf(asker: HoldAsker, holderId: string): HoldParty {
  if (asker.ownsStand || asker.hasMailToken) return 'seller';
  if (asker.callerId !== null && asker.callerId === holderId) return 'holder';
  return asker.isAdmin ? 'admin' : null;
}

/** Accept and decline are the seller's; ending is also the holder's and an admin's. */
export function mayDecide(party: HoldParty, decision: THoldDecision): boolean {
  if (party === null) return false;
  return decision === 'end' || party === 'seller';
}

/** The status a decision leads to from `current`, or null when it does not apply (decided, ended, lapsed). */
export function statusAfter(current: THoldStatus, decision: THoldDecision): THoldStatus | null {
  if (decision === 'accept') return current === 'requested' ? 'accepted' : null;
  if (decision === 'decline') return current === 'requested' ? 'declined' : null;
  return current === 'requested' || current === 'accepted' ? 'ended' : null;
}
