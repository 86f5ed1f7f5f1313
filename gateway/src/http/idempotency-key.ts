import type { Request } from 'express';
import { isIdempotencyKey } from '@flohmarkt/contracts';

/**
 * The `Idempotency-Key` of a write: null when the caller sent none, 'invalid' when it is not 1–200
 * printable ASCII characters (a 400 before anything is spent or forwarded), else the key, which
 * forward.ts passes to the service as `idempotency-key`. The service keeps the first answer under it
 * and replays it to a repeat, so a client may retry a write whose answer it never got (a 503 after
 * the gateway's deadline, a lost connection) without applying it twice.
 */
export function idempotencyKeyOf(req: Request): string | null | 'invalid' {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return null;
  return typeof key === 'string' && isIdempotencyKey(key) ? key : 'invalid';
}
