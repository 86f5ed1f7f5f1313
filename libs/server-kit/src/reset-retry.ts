/** How one attempt of a call to a service failed, as far as the caller can know. */
export interface FailedAttempt {
  method: string;
  code: string | undefined;
  /** The socket came from the pool (it had carried an earlier request). */
  reusedSocket: boolean;
  /** Bytes of this request left for a connected socket: the service may have read it. */
  written: boolean;
}

/** The connection was cut under the request: the service closed or reset it. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** Reads change nothing, so sending one twice is harmless. */
const IDEMPOTENT_READS = new Set(['GET', 'HEAD']);

/**
 * Whether a failed attempt is sent once more on a fresh connection: a read cut by a reset, or a write on
 * a pooled socket that failed before any of its bytes were handed to the socket. A write whose bytes went
 * out (even only as far as the kernel) may have been applied, so it is never sent again: the idle limit
 * (keep-alive.ts) keeps writes off sockets the service is about to close, and a client's Idempotency-Key
 * makes its own repeat safe.
 */
export function mayRetryOnFreshSocket(attempt: FailedAttempt): boolean {
  if (!RESET_CODES.has(attempt.code ?? '')) return false;
  if (IDEMPOTENT_READS.has(attempt.method.toUpperCase())) return true;
  return attempt.reusedSocket && !attempt.written;
}
