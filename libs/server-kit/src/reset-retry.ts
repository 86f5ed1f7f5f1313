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
 * Whether a failed attempt is sent once more on a fresh connection: a read cut by a reset, or any
 * request on a pooled socket the service had already closed before a byte of it was written. A write
 * whose bytes went out may have been applied, so it is never sent again.
 */
export function mayRetryOnFreshSocket(attempt: FailedAttempt): boolean {
  if (!RESET_CODES.has(attempt.code ?? '')) return false;
  if (IDEMPOTENT_READS.has(attempt.method.toUpperCase())) return true;
  return attempt.reusedSocket && !attempt.written;
}
