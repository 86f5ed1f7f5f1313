import type { NextFunction, Request, Response } from 'express';
import type { TGatewayEnv } from '../config.js';

/**
 * A JavaScript-readable cookie that only says "this browser has signed in": the web app asks
 * GET /api/auth/user only when it is there, so a visitor who never signed in sends no request that
 * answers 401 (Chromium logs every 4xx as a console error, which Lighthouse counts: issue 22). It
 * carries nothing secret and grants nothing: the session cookie stays httpOnly and alone decides who
 * is signed in. A planted or stale hint costs one 401, as every page load did before.
 */
export const SESSION_HINT_COOKIE = 'flohmarkt_session_hint';

const DAY_MS = 24 * 3600 * 1000;
const HINT = new RegExp(`(^|;\\s*)${SESSION_HINT_COOKIE}=`);

function hintAttributes(config: TGatewayEnv): { httpOnly: false; sameSite: 'lax'; secure: boolean; path: '/' } {
  return { httpOnly: false, sameSite: 'lax', secure: config.PUBLIC_URL.startsWith('https:'), path: '/' };
}

/** Set at sign-in; it lives as long as a session can (the absolute lifetime), the idle end may come sooner. */
export function setSessionHint(res: Response, config: TGatewayEnv): void {
  res.cookie(SESSION_HINT_COOKIE, '1', { ...hintAttributes(config), maxAge: config.SESSION_ABSOLUTE_DAYS * DAY_MS });
}

export function clearSessionHint(res: Response, config: TGatewayEnv): void {
  res.clearCookie(SESSION_HINT_COOKIE, hintAttributes(config));
}

function hasSessionHint(req: Request): boolean {
  return HINT.test(req.headers.cookie ?? '');
}

/**
 * After the session is loaded, on every /api call: a signed-in session without the hint gets it
 * (the browser dropped the cookie), and a hint without a signed-in session is cleared (the
 * session ended idle, past its absolute lifetime, or its cookie is gone), so the next page load asks
 * no more.
 */
export function sessionHintSync(config: TGatewayEnv) {
  return (req: Request, res: Response, next: NextFunction): void => {
    // A session that could not be read (Redis stalled) says nothing about whether the browser is signed in.
    if (req.sessionUnread) return next();
    const signedIn = Boolean(req.session?.userId);
    const hinted = hasSessionHint(req);
    if (signedIn && !hinted) setSessionHint(res, config);
    else if (!signedIn && hinted) clearSessionHint(res, config);
    next();
  };
}
