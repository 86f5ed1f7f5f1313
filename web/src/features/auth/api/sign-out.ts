import type { MouseEvent } from 'react';
import { LOGOUT_PATH } from '@/components/layout/nav-entries';
import { forgetPersonalBrowserData } from './browser-data';

/** How long signing out waits at most for the browser's caches to be dropped before it goes on. */
export const SIGN_OUT_WAIT_MS = 1000;

/** What the page a sign-out lands on says: in this tab's sessionStorage, written after its data was forgotten. */
const SIGNED_OUT_NOTICE_KEY = 'flohmarkt.signed-out-notice.v1';

interface SignOutOptions {
  go?: (path: string) => void;
  /** Said as a toast on the page the provider sends the browser back to (a deleted account's farewell). */
  notice?: string;
}

/**
 * Signs out: first this browser forgets everything personal (browser-data.ts), then it goes to
 * /api/logout, which ends the session and the provider's. A slow cache deletion never holds the
 * sign-out up for longer than SIGN_OUT_WAIT_MS; what it left is dropped when the app next opens
 * signed out.
 */
export async function signOut({ go = (path) => window.location.assign(path), notice }: SignOutOptions = {}): Promise<void> {
  await Promise.race([forgetPersonalBrowserData({ leaving: true }), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
  if (notice) {
    try {
      window.sessionStorage.setItem(SIGNED_OUT_NOTICE_KEY, notice);
    } catch {
      // Refused storage: the browser still signs out, without the sentence.
    }
  }
  go(LOGOUT_PATH);
}

/** The notice a sign-out left for this page, once (SignedOutNotice shows it). */
export function takeSignedOutNotice(): string | null {
  try {
    const notice = window.sessionStorage.getItem(SIGNED_OUT_NOTICE_KEY);
    if (notice !== null) window.sessionStorage.removeItem(SIGNED_OUT_NOTICE_KEY);
    return notice;
  } catch {
    return null;
  }
}

/**
 * The click handler of every 'Abmelden' link (href stays LOGOUT_PATH). A click that opens a new tab or
 * window keeps the browser's way; this page then forgets the data when it next finds itself signed out.
 */
export function signOutOnClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void signOut();
}
