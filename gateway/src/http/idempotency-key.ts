import type { Request, Response } from 'express';
import { IDEMPOTENCY_HEADERS, isIdempotencyKey } from '@flohmarkt/contracts';

/** The contract's header names as Node keys them in `IncomingHttpHeaders` (lower case). */
const IDEMPOTENCY_KEY_HEADER = IDEMPOTENCY_HEADERS.key.toLowerCase();
export const IDEMPOTENT_REPLAYED_HEADER = IDEMPOTENCY_HEADERS.replayed.toLowerCase();

/**
 * The `Idempotency-Key` of a write: null when the caller sent none, 'invalid' when it is not 1–200
 * printable ASCII characters (a 400 before anything is spent or forwarded), else the key, which
 * forward.ts passes on to the service. The service keeps the first answer under it and replays it
 * to a repeat, so a client may retry a write whose answer it never got (a 503 after the gateway's
 * deadline, a lost connection) without applying it twice.
 */
export function idempotencyKeyOf(req: Request): string | null | 'invalid' {
  const key = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return null;
  return typeof key === 'string' && isIdempotencyKey(key) ? key : 'invalid';
}

/** Whether this answer is the service's kept first answer replayed: nothing was applied now. */
export function isReplayedAnswer(res: Response): boolean {
  return String(res.getHeader(IDEMPOTENCY_HEADERS.replayed) ?? '') === 'true';
}
