/*
 * A form's entries kept across the sign-in a 401 sends the browser to (handleSessionExpired): the
 * forms that asked to be kept write their values to sessionStorage just before the redirect, and
 * the same form, opened again on the way back, starts from them once. Nothing is written while the
 * session holds, and sign-out clears sessionStorage with the rest (features/auth/api/browser-data.ts).
 * Chosen photos (files) cannot be kept.
 */

const PREFIX = 'flohmarkt.draft.v1.';

/** What a form kept this way says when it opens with its entries again. */
export const DRAFT_RESTORED = 'Deine Eingaben von vorhin sind wieder da. Prüfe sie und sende das Formular noch einmal ab.';
const savers = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Registers a form's writer until the returned function is called (the form unmounts). */
export function keepBeforeSignIn(key: string, values: () => unknown): () => void {
  const save = () => storage()?.setItem(PREFIX + key, JSON.stringify(values()));
  savers.add(save);
  return () => savers.delete(save);
}

/** Writes every open form's entries (called right before the browser goes to sign in). */
export function saveDraftsBeforeSignIn(): void {
  for (const save of savers) {
    try {
      save();
    } catch {
      // A full or unavailable storage keeps nothing: the sign-in goes ahead all the same.
    }
  }
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

/** Forgets the entries kept for `key`: they come back once, the next visit starts empty. */
export function dropDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // An unavailable storage has nothing to forget.
  }
}
