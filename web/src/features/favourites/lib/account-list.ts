import { NO_FAVOURITES, missingFrom, readKept, union, writeKept, type Favourites } from './favourite-store';

/**
 * Once the signed-in user's list on the server is known, the browser's list becomes that account's.
 * - It was already theirs: the union, and what only the browser has (a heart set offline) is returned
 *   to be sent to the account.
 * - It was another user's: dropped, the account's list replaces it.
 * - It was a visitor's (nobody signed in when it was made): it is not sent anywhere; what of it the
 *   account lacks is set aside as `unclaimed` until the user adds or discards it.
 */
export function handOverToAccount(userId: string, account: Favourites): Favourites {
  const kept = readKept();
  if (kept.owner === userId) {
    const unclaimed = kept.unclaimed ? missingFrom(kept.unclaimed, account) : null;
    writeKept({ lists: union(kept.lists, account), owner: userId, unclaimed });
    return missingFrom(kept.lists, account);
  }
  const visitors = kept.owner === null ? kept.lists : NO_FAVOURITES;
  writeKept({ lists: account, owner: userId, unclaimed: missingFrom(visitors, account) });
  return NO_FAVOURITES;
}

/** The user said yes: the set-aside list joins theirs; returns what is to be sent to the account. */
export function claimUnclaimed(userId: string): Favourites {
  const kept = readKept();
  if (kept.owner !== userId || !kept.unclaimed) return NO_FAVOURITES;
  writeKept({ lists: union(kept.lists, kept.unclaimed), owner: userId, unclaimed: null });
  return kept.unclaimed;
}

/** The user said no: the set-aside list is gone from this browser. */
export function discardUnclaimed(userId: string): void {
  const kept = readKept();
  if (kept.owner === userId && kept.unclaimed) writeKept({ ...kept, unclaimed: null });
}
