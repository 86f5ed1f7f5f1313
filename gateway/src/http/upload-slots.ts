import type { Request, Response } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { UploadGate } from '@flohmarkt/server-kit';
import type { TGatewayEnv } from '../config.js';
import { sendError } from './send-error.js';

/** Seconds a refused uploader is told to wait: about one upload's time. */
const RETRY_AFTER_S = 5;

export function uploadGate(config: TGatewayEnv): UploadGate {
  return UploadGate.fromSettings(config);
}

/**
 * Takes an upload slot before the body is read (upload-gate.ts) and gives it back when the answer
 * is done. Answers 429 (this user has enough uploads in flight) or 503 (the process is full) itself
 * and returns false; the connection then closes, so the unread body is never taken in.
 */
export async function takeUploadSlot(gate: UploadGate, userKey: string, req: Request, res: Response): Promise<boolean> {
  const slot = await gate.enter(userKey);
  if (typeof slot === 'function') {
    res.on('close', slot);
    return true;
  }
  res.setHeader('Retry-After', String(RETRY_AFTER_S));
  res.setHeader('Connection', 'close');
  const message = slot === 'user-busy' ? API_ERRORS.tooManyRequests : API_ERRORS.serviceUnavailable;
  sendError(res, slot === 'user-busy' ? 'RATE_LIMITED' : 'UNAVAILABLE', message, { error: message });
  req.resume();
  return false;
}
