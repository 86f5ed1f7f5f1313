import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS, ZRole } from '@flohmarkt/contracts';
import { INTERNAL_HEADERS, newRequestId, runWithContext, type CallerContext } from './request-context.js';
import { parseRequestTarget } from './request-target.js';

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

/**
 * Two callers, two credentials. The gateway's token opens the public routes and the few internal
 * calls the gateway makes itself; the services' token opens the `/internal` routes they call on each
 * other. So a request that slips past the gateway's route table still holds only the gateway's token,
 * and finds every other internal route closed.
 */
interface InternalCredentials {
  gatewayToken: string;
  serviceToken: string;
}

/**
 * The internal calls of the gateway itself: sign-in, the session's user as it is now, and whether
 * the caller may upload a photo to a stand (asked before the upload's body is read).
 */
const GATEWAY_INTERNAL_CALLS: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/internal\/sign-in\/(start|complete|end)$/i },
  { method: 'GET', path: /^\/internal\/users\/[^/]+$/i },
  { method: 'GET', path: /^\/internal\/stands\/[^/]+\/photo-upload-access$/i },
  { method: 'GET', path: /^\/internal\/items\/[^/]+\/photo-upload-access$/i },
];

/** Express matches routes regardless of letter case, so this does too. */
const INTERNAL_ROUTE = /^\/internal(\/|$)/i;

/** Paths that orchestrators probe without a token. */
const OPEN_PATHS = new Set(['/health', '/metrics']);

function mayCall(req: Request, path: string, credentials: InternalCredentials): boolean {
  const token = req.header(INTERNAL_HEADERS.token);
  if (INTERNAL_ROUTE.test(path)) {
    if (sameSecret(token, credentials.serviceToken)) return true;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    return sameSecret(token, credentials.gatewayToken) && GATEWAY_INTERNAL_CALLS.some((c) => c.method === method && c.path.test(path));
  }
  return sameSecret(token, credentials.gatewayToken);
}

/**
 * Services sit behind the gateway. Only a caller holding the right token may speak for a user, so a
 * user header cannot be forged from outside; a target that is not canonical origin-form is refused
 * before routing, as at the gateway. Also opens the request context (request id, caller, deadline).
 */
export function internalAuth(credentials: InternalCredentials, options: { requestDeadlineMs?: number } = {}) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = req.header(INTERNAL_HEADERS.requestId) || newRequestId();
    res.setHeader(INTERNAL_HEADERS.requestId, requestId);
    const target = parseRequestTarget(req.originalUrl);
    if (!target) {
      res.status(400).json({ message: API_ERRORS.invalidRequestTarget, code: 'VALIDATION' });
      return;
    }
    if (!OPEN_PATHS.has(target.path.toLowerCase()) && !mayCall(req, target.path, credentials)) {
      res.status(401).json({ message: API_ERRORS.unauthenticated, code: 'UNAUTHENTICATED' });
      return;
    }
    const deadlineAt = options.requestDeadlineMs === undefined ? undefined : Date.now() + options.requestDeadlineMs;
    runWithContext({ requestId, caller: callerFrom(req), deadlineAt }, next);
  };
}
