/** The object store could not be reached or did not answer in time: try again later, nothing is wrong with the data. */
export class StorageUnavailableError extends Error {}

/** Network failures and S3 answers that mean "not now" rather than "never". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
  'InternalError',
  'ServiceUnavailable',
  'SlowDown',
  'RequestTimeout',
  // The store closed the connection in the middle of an answer.
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/**
 * The minio client answers 408, 429 and 5xx statuses (MinIO busy, restarting, slowing clients
 * down) not with the store's error code but with a plain Error once its retries are used up
 * ("Request failed after 0 retries: Error: Retryable HTTP status: 503"); its message is all there is.
 */
const RETRYABLE_STATUS_MESSAGE = /Retryable HTTP status: \d{3}/;

export function isStorageUnavailable(err: unknown): boolean {
  if (err instanceof StorageUnavailableError) return true;
  const e = err as { code?: string; message?: string; cause?: { code?: string }; errors?: unknown[] } | null;
  if (!e) return false;
  if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && RETRYABLE_STATUS_MESSAGE.test(e.message)) return true;
  if (e.cause?.code && UNAVAILABLE_CODES.has(e.cause.code)) return true;
  // Node reports a refused dual-stack connection as an AggregateError of both attempts.
  return Array.isArray(e.errors) && e.errors.some(isStorageUnavailable);
}
