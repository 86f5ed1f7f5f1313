import type { Response } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { DomainError, ServiceUnavailableError } from '@flohmarkt/server-kit';
import { FlightUnavailableError } from './public-read-cache.js';
import { RedisDeadlineError } from './redis-deadline.js';
import { sendError } from './send-error.js';

/**
 * Why the gateway answered 503, for the log (never for the caller): the failing dependency's error
 * code, the peer (a service's name and address, or `redis`), the attempt, and whether the request
 * may have reached it. A write that may have reached its service may have been applied.
 */
export interface UnavailableCause {
  code?: string;
  peer?: string;
  attempt?: number;
  mayHaveReached?: boolean;
  message?: string;
}

const CAUSE = 'unavailableCause';

/**
 * A peer call (PeerClient) that failed as unavailable, with the peer's name: the PeerClient turns
 * the service client's error into a plain 503 DomainError, which alone would not say whom it asked.
 */
export class PeerUnavailableError extends Error {
  override readonly name = 'PeerUnavailableError';

  constructor(
    readonly peer: string,
    override readonly cause: unknown,
  ) {
    super(`${peer} unavailable: ${(cause as Error)?.message ?? String(cause)}`);
  }

  get details(): UnavailableCause {
    const inner = detailsOf(this.cause) ?? detailsOf((this.cause as { cause?: unknown })?.cause);
    return inner ?? { code: codeOf(this.cause), peer: this.peer };
  }
}

/** For a peer call's `.catch`: an unavailable peer is rethrown naming it, anything else as it was. */
export function rethrowFrom(peer: string): (err: unknown) => never {
  return (err) => {
    throw isUnavailable(err) && !(err instanceof PeerUnavailableError) ? new PeerUnavailableError(peer, err) : err;
  };
}

/** A dependency (a service or Redis) is away or stalled: the caller gets a clean 503, never a hang or a 500. */
export function isUnavailable(err: unknown): boolean {
  if (
    err instanceof ServiceUnavailableError ||
    err instanceof RedisDeadlineError ||
    err instanceof FlightUnavailableError ||
    err instanceof PeerUnavailableError
  )
    return true;
  if (err instanceof DomainError && err.code === 'UNAVAILABLE') return true;
  const text = `${(err as Error)?.name ?? ''} ${(err as Error)?.message ?? ''}`;
  return /ClientClosedError|ConnectionTimeoutError|client is closed|client is offline|offline queue|queue is full|ECONNREFUSED|Socket closed/i.test(text);
}

/**
 * The cause an error carries: its `details` when it has them (a ServiceUnavailableError from the
 * service client, a RedisDeadlineError), else those of its `cause` (a peer call's 503 wraps the
 * service client's error), else its code or name and message.
 */
export function causeOf(err: unknown): UnavailableCause {
  const details = detailsOf(err) ?? detailsOf((err as { cause?: unknown })?.cause);
  if (details) return details;
  const error = err as { message?: unknown; service?: unknown } | null;
  return {
    code: codeOf(err),
    ...(typeof error?.service === 'string' ? { peer: error.service } : {}),
    ...(typeof error?.message === 'string' ? { message: error.message } : {}),
  };
}

function codeOf(err: unknown): string {
  const error = err as { code?: unknown; name?: unknown } | null;
  return typeof error?.code === 'string' ? error.code : typeof error?.name === 'string' ? error.name : 'UNKNOWN';
}

function detailsOf(err: unknown): UnavailableCause | null {
  const details = (err as { details?: unknown } | null | undefined)?.details;
  return details !== null && typeof details === 'object' ? (details as UnavailableCause) : null;
}

/**
 * Notes why this request is a 503; the access log line (request-context.ts) carries it. A cause that
 * does not say how far the request got is taken as a first attempt that may have reached its peer:
 * the cautious reading, since a write that reached its service may have been applied.
 */
export function noteUnavailable(res: Response, cause: UnavailableCause): void {
  res.locals[CAUSE] = { attempt: 1, mayHaveReached: true, ...cause };
}

/** The cause noted for this answer, if any. */
export function notedCause(res: Response): UnavailableCause | undefined {
  return res.locals[CAUSE] as UnavailableCause | undefined;
}

/** Answers 503 with the German sentence and Retry-After, and notes the cause for the log. */
export function answerUnavailable(
  res: Response,
  cause: UnavailableCause,
  message: string = API_ERRORS.serviceUnavailable,
  extra: Record<string, unknown> = {},
): void {
  noteUnavailable(res, cause);
  sendError(res, 'UNAVAILABLE', message, extra);
}
