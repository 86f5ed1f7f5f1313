/**
 * The gateway's readable "this browser has signed in" cookie (gateway/src/session/session-hint.ts). Without it
 * the browser holds no session, so the app does not ask GET /api/auth/user: a visitor who never signed in sends
 * no request that answers 401, which Chromium would log as a console error (issue 22). It decides nothing:
 * with it, the answer of /api/auth/user does.
 */
export const SESSION_HINT_COOKIE = 'flohmarkt_session_hint';

export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
