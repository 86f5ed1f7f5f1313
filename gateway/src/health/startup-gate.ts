import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS, GET_HEALTH } from '@flohmarkt/contracts';
import { sendError } from '../http/send-error.js';
import { noteUnavailable } from '../http/unavailable.js';
import type { Readiness } from './readiness.js';

/** /api answers 503 while the product is still starting; /api/health always answers. */
export function startupGate(readiness: Readiness) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (readiness.isReady || req.path === GET_HEALTH.path) return next();
    res.setHeader('Retry-After', '2');
    noteUnavailable(res, { code: 'STARTING', peer: 'gateway', attempt: 1, mayHaveReached: false });
    sendError(res, 'UNAVAILABLE', API_ERRORS.starting);
  };
}
