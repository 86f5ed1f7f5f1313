import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { answerUnavailable } from './unavailable.js';
import { sendError } from './send-error.js';

/** Room left inside the promised bound for a busy event loop to fire the timer and write the answer. */
const SLACK_MS = 250;

export interface RequestDeadlineOptions {
  /** Every request is answered within this (SERVICE_TIMEOUT_MS + 1 s, api-contract "Retries and bounded answers"). */
  boundMs: number;
  /** Requests allowed longer (photo uploads: a slot's wait, the body, the longer service timeout), and how long. */
  longer?: (req: Request) => number | null;
}

/**
 * The last resort behind every other deadline: a request that has no answer under way when its bound
 * is near gets a 503 with Retry-After, whatever stalls (Redis, a service, something nobody thought
 * of). Each dependency has a deadline of its own, but they add up along a request (the session, the
 * signed-in user, the limits, the service), and only this one bounds the sum. The handler that was
 * still waiting finds the answer complete and writes nothing more (send-error.ts, forward.ts).
 *
 * A write answered this way may still be applied by its service: the caller retries it with the same
 * Idempotency-Key and gets the first answer instead of a second record.
 *
 * A request whose body has not all arrived by then is the client's doing, not a fault of the product:
 * 408, as for a photo's slow body (a review sent 1,000 announced bytes and then a few and got a 503).
 * Its service never saw it: the gateway forwards a body only once it is whole.
 */
export function requestDeadline(options: RequestDeadlineOptions) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const ms = Math.max(options.longer?.(req) ?? options.boundMs, options.boundMs) - SLACK_MS;
    const timer = setTimeout(() => {
      if (res.headersSent || res.writableEnded) return;
      res.setHeader('Connection', 'close');
      if (!req.complete) return sendError(res, 'REQUEST_TIMEOUT', API_ERRORS.bodyTimeout);
      // Whatever was still waiting may have reached its service (a write may be applied): assume it did.
      answerUnavailable(res, { code: 'REQUEST_DEADLINE', peer: 'gateway', attempt: 1, mayHaveReached: true, message: `no answer under way within ${ms} ms` });
    }, ms);
    const stop = () => clearTimeout(timer);
    res.once('finish', stop);
    res.once('close', stop);
    next();
  };
}
