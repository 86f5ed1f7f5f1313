import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS, ZRole } from '@flohmarkt/contracts';
import { INTERNAL_HEADERS, newRequestId, runWithContext, type CallerContext } from './request-context.js';

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function callerFrom(req: Request): CallerContext | null {
  const id = req.header(INTERNAL_HEADERS.userId);
  const role = ZRole.safeParse(req.header(INTERNAL_HEADERS.userRole));
  return id && role.success ? { id, role: role.data } : null;
}

/** Paths that orchestrators probe without the internal token. */
const OPEN_PATHS = new Set(['/health', '/metrics']);

/**
 * Services sit behind the gateway. Only a caller that holds the shared internal token may speak
 * for a user; everything else is refused, so a user header cannot be forged from outside.
 * Also opens the request context (request id, caller) for logs and handlers.
 */
export function internalAuth(token: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = req.header(INTERNAL_HEADERS.requestId) || newRequestId();
    res.setHeader(INTERNAL_HEADERS.requestId, requestId);
    if (!OPEN_PATHS.has(req.path) && !sameSecret(req.header(INTERNAL_HEADERS.token), token)) {
      res.status(401).json({ message: API_ERRORS.unauthenticated, code: 'UNAUTHENTICATED' });
      return;
    }
    runWithContext({ requestId, caller: callerFrom(req) }, next);
  };
}
