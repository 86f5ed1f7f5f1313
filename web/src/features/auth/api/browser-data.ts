import { FAVOURITES_STORAGE_KEY, forgetFavourites } from '@/features/favourites/api/favourites';
import { hasSessionHint } from './get-current-user';

/**
 * The worker's kept answers, dropped by code loaded only then (a first paint keeps the bytes). Never
 * rejects: a part that cannot load (offline) leaves them to the next time the app settles its data.
 */
const forgetKeptAnswers = () =>
  import('@/features/offline/api/kept-answers').then(
    (kept) => kept.forgetKeptAnswers(),
    () => undefined,
  );

/** The id of the user who last signed in on this browser: whose traces the browser may hold. */
export const SIGNED_IN_USER_KEY = 'flohmarkt.signed-in-user.v1';

function storageOf(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[name];
  } catch {
    // Refused storage (some private modes) holds nothing to forget.
    return null;
  }
}

function clearStorage(storage: Storage | null, keep: readonly string[] = []): void {
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key !== null);
    for (const key of keys) if (!keep.includes(key)) storage.removeItem(key);
  } catch {
    // Nothing more the page can do.
  }
}

/**
 * Everything the app keeps in this browser: the Merkliste, all of localStorage and sessionStorage of
 * this origin, the service worker's kept answers and their IndexedDB bookkeeping (the app's own files
 * stay). Called at sign-out, before the browser goes to /api/logout, and when the app finds the
 * browser signed out while it still holds a user's traces (a session that ended elsewhere, an
 * account deleted, a sign-out link opened in another tab). `leaving`: the page goes to sign out, and
 * an answer still on its way must not write the Merkliste back. Never rejects.
 */
export async function forgetPersonalBrowserData({ leaving = false } = {}): Promise<void> {
  forgetFavourites(leaving);
  clearStorage(storageOf('localStorage'));
  clearStorage(storageOf('sessionStorage'));
  await forgetKeptAnswers();
}

function signedInBefore(): string | null {
  try {
    return storageOf('localStorage')?.getItem(SIGNED_IN_USER_KEY) ?? null;
  } catch {
    return null;
  }
}

function rememberSignedIn(userId: string): void {
  try {
    storageOf('localStorage')?.setItem(SIGNED_IN_USER_KEY, userId);
  } catch {
    // Without storage there are no traces to tell apart either.
  }
}

/**
 * Makes what the browser keeps match who is signed in, once that is known (`userId` null: nobody).
 * - Nobody, and the sign-in hint is gone: a user's traces are forgotten. With the hint still there
 *   the question failed (offline, server down) and the signed-in user's Merkliste stays for the
 *   offline event page.
 * - Another user than before: the previous user's traces go (the Merkliste is handed over when the
 *   account's list arrives, features/favourites/lib/account-list.ts).
 * - The first user after a visitor who never signed in: nothing goes; the visitor's Merkliste waits
 *   for the user's answer whether to add it.
 */
export async function settleBrowserData(userId: string | null, hint: boolean = hasSessionHint()): Promise<void> {
  const before = signedInBefore();
  if (userId === null) {
    if (before !== null && !hint) await forgetPersonalBrowserData();
    return;
  }
  if (before === userId) return;
  if (before !== null) {
    clearStorage(storageOf('localStorage'), [FAVOURITES_STORAGE_KEY]);
    clearStorage(storageOf('sessionStorage'));
  }
  rememberSignedIn(userId);
  if (before !== null) await forgetKeptAnswers();
}
