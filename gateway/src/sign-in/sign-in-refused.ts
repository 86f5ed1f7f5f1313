import type { Request, Response } from 'express';
import { API_ERRORS, safeReturnTo, type TErrorCode } from '@flohmarkt/contracts';
import { sendError } from '../http/send-error.js';
import { answerUnavailable, causeOf } from '../http/unavailable.js';
import { startsSession } from '../session/session.js';

/**
 * A refused sign-in as the browser sees it (issue 30, X2). `/api/login` and `/api/callback` are page
 * loads: a JSON error there became the whole page. A browser (its navigation asks for text/html) is
 * sent to the app's page `/anmelden-nicht-moeglich`, which says why in German and leads back; API
 * clients keep the JSON answer with its status. The reason travels as a fixed key, never as text, so
 * a crafted link cannot put words of its own on our page.
 */
const SIGN_IN_REFUSED_PATH = '/anmelden-nicht-moeglich';

type SignInRefusal = 'zu-viele-versuche' | 'nicht-erreichbar' | 'fehlgeschlagen';

/** Whether the request is a browser's page load rather than a script's call. */
function wantsPage(req: Request): boolean {
  return req.accepts(['application/json', 'text/html']) === 'text/html';
}

function refusalOf(code: TErrorCode): SignInRefusal {
  if (code === 'RATE_LIMITED') return 'zu-viele-versuche';
  return code === 'UNAVAILABLE' ? 'nicht-erreichbar' : 'fehlgeschlagen';
}

/** The page's address: the reason, when to try again (rounded up to minutes) and the checked path to go back to. */
function refusalPageUrl(refusal: SignInRefusal, returnTo: string, retryAfterSeconds?: number): string {
  const query = new URLSearchParams({ grund: refusal });
  if (retryAfterSeconds !== undefined) query.set('minuten', String(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
  if (returnTo !== '/') query.set('zurueck', returnTo);
  return `${SIGN_IN_REFUSED_PATH}?${query.toString()}`;
}

/** A browser goes to the page (303: the next load is a GET whatever came before); any other caller gets `{ message }`. */
export function refuseSignIn(req: Request, res: Response, code: TErrorCode, message: string, returnTo: string, retryAfterSeconds?: number): void {
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
  if (!wantsPage(req) || res.headersSent) return sendError(res, code, message);
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, refusalPageUrl(refusalOf(code), returnTo, retryAfterSeconds));
}

/**
 * The session store failing (sessionOr503): a 503 with its cause, except for the sign-in's own page
 * loads, whose browser is sent to the page that says so (a returning user has a session cookie, and
 * the JSON answer became the whole page).
 */
export function sessionUnavailable(publicUrl: string) {
  return (req: Request, res: Response, err: unknown): void => {
    if (!startsSession(req)) return answerUnavailable(res, causeOf(err));
    refuseSignIn(req, res, 'UNAVAILABLE', API_ERRORS.serviceUnavailable, safeReturnTo(req.query.returnTo, publicUrl));
  };
}
