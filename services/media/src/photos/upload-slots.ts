import type { Request, RequestHandler, Response } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { UploadGate, currentContext, type UploadGateSettings } from '@flohmarkt/server-kit';

const UPLOAD_ROUTE = /^\/stands\/[^/]+\/photos\/?$/;

export type UploadSlotSettings = UploadGateSettings & { UPLOAD_BODY_TIMEOUT_MS: number };

/**
 * The upload call holds a whole data URL (up to 16 MB) and its decoded bytes: a slot is taken before
 * the body is read, so several gateway replicas together cannot push this process past its memory
 * (the gateway limits its own uploads the same way). Refusals: 429 for a user with enough uploads
 * in flight, 503 when the process stays full. A body that is not complete within
 * UPLOAD_BODY_TIMEOUT_MS is answered 408 and the connection closed, which gives the slot back.
 */
export function uploadSlots(config: UploadSlotSettings): RequestHandler {
  const gate = UploadGate.fromSettings(config);
  return (req, res, next) => {
    if (req.method !== 'POST' || !UPLOAD_ROUTE.test(req.path)) return next();
    void gate.enter(currentContext()?.caller?.id ?? 'anonymous').then((slot) => {
      if (typeof slot === 'function') {
        res.on('close', slot);
        bodyDeadline(req, res, config.UPLOAD_BODY_TIMEOUT_MS);
        return next();
      }
      res.setHeader('Retry-After', '5');
      res.setHeader('Connection', 'close');
      if (slot === 'process-busy') res.status(503).json({ message: API_ERRORS.serviceUnavailable, code: 'UNAVAILABLE' });
      else res.status(429).json({ message: API_ERRORS.tooManyRequests, code: 'RATE_LIMITED' });
      req.resume();
    });
  };
}

/** Answers 408 when the body has not ended in time; the closing connection ends the body parser's wait. */
function bodyDeadline(req: Request, res: Response, timeoutMs: number): void {
  if (req.readableEnded) return;
  const timer = setTimeout(() => {
    if (res.headersSent) return;
    res.setHeader('Connection', 'close');
    res.status(408).json({ message: API_ERRORS.bodyTimeout, code: 'REQUEST_TIMEOUT' });
  }, timeoutMs);
  req.once('end', () => clearTimeout(timer));
  res.once('close', () => clearTimeout(timer));
}
