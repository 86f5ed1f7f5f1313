import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { API_PREFIX, apiRouteOf } from '../routing/api-route-of.js';
import { sendError } from './send-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

function takenFromAnyOrigin(req: Request): boolean {
  return req.target.path.startsWith(`${API_PREFIX}/`) && apiRouteOf(req, req.target.path.slice(API_PREFIX.length))?.anyOrigin === true;
}

/** What a browser says of a request another site (or a sibling subdomain) started (Fetch Metadata). */
const FOREIGN_SITES = new Set(['cross-site', 'same-site']);

/**
 * A state-changing request must come from our own origin. Browsers send Origin on cross-site
 * writes; without Origin the Referer decides; with neither it is a non-browser client and allowed,
 * unless the browser's own Sec-Fetch-Site says another site started it (an Origin stripped on the way).
 * The calls declared `anyOrigin` (a mail program's one-click opt-out) are taken from anywhere.
 */
export function sameOriginWrites(publicUrl: string) {
  const ours = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method) || takenFromAnyOrigin(req)) return next();
    const origin = originOf(req.header('origin')) ?? originOf(req.header('referer'));
    if (origin !== null && origin !== ours) return sendError(res, 'FORBIDDEN', API_ERRORS.crossOrigin);
    if (origin === null && FOREIGN_SITES.has(req.header('sec-fetch-site') ?? '')) return sendError(res, 'FORBIDDEN', API_ERRORS.crossOrigin);
    next();
  };
}
