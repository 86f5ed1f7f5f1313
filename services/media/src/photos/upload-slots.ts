import type { RequestHandler } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { UploadGate, currentContext } from '@flohmarkt/server-kit';
import type { TMediaEnv } from '../config.js';

const UPLOAD_ROUTE = /^\/stands\/[^/]+\/photos\/?$/;

/**
 * The upload call holds a whole data URL (up to 16 MB) and its decoded bytes: a slot is taken before
 * the body is read, so several gateway replicas together cannot push this process past its memory
 * (the gateway limits its own uploads the same way). Refusals: 429 for a user with enough uploads
 * in flight, 503 when the process stays full.
 */
export function uploadSlots(config: TMediaEnv): RequestHandler {
  const gate = UploadGate.fromSettings(config);
  return (req, res, next) => {
    if (req.method !== 'POST' || !UPLOAD_ROUTE.test(req.path)) return next();
    void gate.enter(currentContext()?.caller?.id ?? 'anonymous').then((slot) => {
      if (typeof slot === 'function') {
        res.on('close', slot);
        return next();
      }
      res.setHeader('Retry-After', '5');
      res.setHeader('Connection', 'close');
      if (slot === 'user-busy') res.status(429).json({ message: API_ERRORS.tooManyRequests, code: 'RATE_LIMITED' });
      else res.status(503).json({ message: API_ERRORS.serviceUnavailable, code: 'UNAVAILABLE' });
      req.resume();
    });
  };
}
