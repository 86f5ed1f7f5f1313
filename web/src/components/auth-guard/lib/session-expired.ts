import { LIMITS, TOASTS } from '@flohmarkt/contracts';
import { saveDraftsBeforeSignIn } from '@/components/form/kept-drafts';
import { toast } from '@/components/ui/toast/use-toast';
import { isUnauthorizedError } from '@/lib/api-client';
import { loginUrl } from '@/lib/event-links';

/** The page the browser shows now: path, query and hash. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

// One redirect at a time: several failing calls of one page must not stack timers.
let pending: ReturnType<typeof setTimeout> | null = null;

/**
 * docs/product.md#in-the-browser: a 401 (or a protected screen while signed out) shows the toast 'Sitzung
 * abgelaufen. Logge dich erneut ein...' and goes to the sign-in after 500 ms, coming back to
 * the same page afterwards.
 */
export function handleSessionExpired(navigate: (url: string) => void = (url) => window.location.assign(url)): void {
  toast({ title: TOASTS.accessDeniedTitle, description: TOASTS.sessionExpired, variant: 'destructive' });
  // What was typed into a kept form comes back after the sign-in (components/form/kept-drafts.ts).
  saveDraftsBeforeSignIn();
  if (pending !== null) return;
  const target = loginUrl(currentPath());
  pending = setTimeout(() => {
    pending = null;
    navigate(target);
  }, LIMITS.redirectAfterAuthFailureMs);
}

/** Test helper: forget a scheduled redirect. */
export function cancelSessionRedirect(): void {
  if (pending !== null) clearTimeout(pending);
  pending = null;
}

/**
 * The error path of every signed-in call: a 401 sends the visitor to sign in again, anything else
 * shows the destructive toast with the given text.
 */
export function reportError(error: unknown, message: string): void {
  if (isUnauthorizedError(error)) handleSessionExpired();
  else toast({ title: TOASTS.errorTitle, description: message, variant: 'destructive' });
}
