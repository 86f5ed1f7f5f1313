/*
 * A form's entries kept while the page is left behind: a phone that puts the browser away (switching
 * to the camera or another app, where it may drop the tab and load it anew on return), a reload, and
 * the sign-in a 401 sends the browser to (handleSessionExpired). The forms that asked to be kept write
 * their values to sessionStorage at that moment, and the same form, opened again in this tab, starts
 * from them once. Leaving the form inside the app (a link, Back, a sent form) forgets them: the next
 * visit starts empty. Sign-out clears sessionStorage with the rest (features/auth/api/browser-data.ts).
 * Chosen photos (files) cannot be kept.
 */

const PREFIX = 'flohmarkt.draft.v1.';

/** What a form kept this way says when it opens with its entries again. */
export const DRAFT_RESTORED = 'Deine Eingaben von vorhin sind wieder da. Prüfe sie, bevor du das Formular absendest.';
const savers = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Set while the browser is on its way to the sign-in: a form that goes meanwhile keeps its entries. */
let leavingForSignIn = false;
let listening = false;

/** Every open form writes its entries when the page may be gone before the user is back. */
function saveWhenLeft(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', saveDrafts);
  // A phone's browser put away is often dropped without a pagehide: hidden is the last sure moment.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveDrafts();
  });
  // Back to a page the browser had kept whole (from the sign-in, say): leaving it in the app forgets again.
  window.addEventListener('pageshow', () => (leavingForSignIn = false));
}

/**
 * Keeps a form's entries under `key` (`values` gives null while there is nothing worth keeping) until
 * the returned function is called (the form unmounts: the user went elsewhere in the app, and what
 * was kept is forgotten then).
 */
export function keepDraft(key: string, values: () => unknown): () => void {
  // A link's next page may still be loading while this form is on the screen (the router keeps the old
  // page until the new one is ready): once the address has changed, the form is left, not put away.
  const keptAt = window.location.pathname;
  const save = () => {
    const kept = window.location.pathname === keptAt ? values() : null;
    if (kept === null) dropDraft(key);
    else storage()?.setItem(PREFIX + key, JSON.stringify(kept));
  };
  savers.add(save);
  saveWhenLeft();
  return () => {
    savers.delete(save);
    if (!leavingForSignIn) dropDraft(key);
  };
}

function saveDrafts(): void {
  for (const save of savers) {
    try {
      save();
    } catch {
      // A full or unavailable storage keeps nothing: leaving goes ahead all the same.
    }
  }
}

/** Writes every open form's entries (called right before the browser goes to sign in). */
export function saveDraftsBeforeSignIn(): void {
  leavingForSignIn = true;
  saveDrafts();
}

/**
 * The entries kept for `key`, or null. Reading leaves them in place: a render that suspends (a lazy
 * part of the page) is thrown away and tried again, and the retry must find them too; the form drops
 * them once it is on the screen (dropDraft).
 */
export function readDraft<V extends object>(key: string): Partial<V> | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Partial<V>) : null;
  } catch {
    return null;
  }
}

/** The key of a market's stand form kept this way; its card opens by itself while one is kept. */
export const standDraftKey = (form: 'register-stand' | 'guest-stand', eventId: string) => `${form}:${eventId}`;

/** Whether entries are kept for `key`: a collapsed form that holds some opens by itself (a reload, the way back from the sign-in). */
export const hasDraft = (key: string): boolean => readDraft(key) !== null;

/** Forgets the entries kept for `key`: they come back once, the next visit starts empty. */
export function dropDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // An unavailable storage has nothing to forget.
  }
}
