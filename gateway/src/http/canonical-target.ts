import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { parseRequestTarget, type RequestTarget } from '@flohmarkt/server-kit';
import { sendError } from './send-error.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request target as received, checked once: what routing matches and what is forwarded. */
    target: RequestTarget;
  }
}

/**
 * The first check of every request on the public port: the target must be canonical origin-form
 * (libs/server-kit request-target.ts). Absolute-form (`GET http://host/...`), backslashes, encoded
 * dots and slashes and dot segments are answered 400 here, so nothing behind this line ever sees a
 * path that a URL parser could read differently from the route table.
 */
export function canonicalTargets() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const target = parseRequestTarget(req.url);
    if (!target) return sendError(res, 'VALIDATION', API_ERRORS.invalidRequestTarget);
    req.target = target;
    next();
  };
}
