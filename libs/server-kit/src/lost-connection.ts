/**
 * Failures that say "the database (or another dependency) is away right now", not "this request is
 * wrong" nor "our code is broken": the caller gets a 503 and tries again later.
 */

/**
 * SQLSTATEs of a lost or refused database session: the server shut down, crashed or is starting
 * (57P01-57P03), the connection broke (class 08), too many connections (53300), a statement that ran
 * past statement_timeout (57014: a stall, not a bug).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300', '57014']);

/** Socket errors of a connection to a dependency that is down or was cut. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres (pg, pg-pool) says these in plain Errors without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect/, // pool acquire timeout (connectionTimeoutMillis)
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Query read timeout/,
  /^timeout expired/,
];

/** True when the error (or what it wraps: TypeORM's driverError, a cause, an AggregateError's errors) is a lost connection. */
export function isLostConnection(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const wrapped = [driverError, cause, ...(Array.isArray(errors) ? errors : [])];
  return wrapped.some((inner) => inner !== error && isLostConnection(inner, depth + 1));
}
