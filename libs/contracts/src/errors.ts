// Error vocabulary shared by gateway and services: a code, its HTTP status and a
// default German sentence. The wire body is always { message } (plus `error` on
// photo calls), never an array.

export const ERROR_CODES = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  NOT_FOUND: 'NOT_FOUND',
  FORBIDDEN: 'FORBIDDEN',
  VALIDATION: 'VALIDATION',
  CONFLICT: 'CONFLICT',
  /** What the caller names existed but is over for good (an expired or revoked invite, a link whose market has begun). */
  GONE: 'GONE',
  /** A well-formed request the server will not carry out as asked (an idempotency key reused for another request). */
  UNPROCESSABLE: 'UNPROCESSABLE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
  // Specific refusals a form reacts to (a field to mark, a question to ask): a client tells them apart by
  // code, never by the German sentence, which may change.
  /** The event's pin lies far from the place its address names (400, until the organiser confirms it). */
  POINT_FAR_FROM_LOCATION: 'POINT_FAR_FROM_LOCATION',
  /** A stand's position lies more than 15 km from its market (400). */
  STAND_TOO_FAR: 'STAND_TOO_FAR',
  /** Another stand of the market has this number (409). */
  STAND_NUMBER_TAKEN: 'STAND_NUMBER_TAKEN',
  /** The first request with this Idempotency-Key is still running (409): try again in a few seconds. */
  IDEMPOTENT_REQUEST_PENDING: 'IDEMPOTENT_REQUEST_PENDING',
} as const;

export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const ERROR_STATUS: Record<TErrorCode, number> = {
  UNAUTHENTICATED: 401,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  VALIDATION: 400,
  CONFLICT: 409,
  GONE: 410,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  POINT_FAR_FROM_LOCATION: 400,
  STAND_TOO_FAR: 400,
  STAND_NUMBER_TAKEN: 409,
  IDEMPOTENT_REQUEST_PENDING: 409,
};

/** The error code a status stands for (for answers that carry no code), INTERNAL when unknown; the general code, never a specific one. */
export function errorCodeForStatus(status: number): TErrorCode {
  return (Object.keys(ERROR_STATUS) as TErrorCode[]).find((code) => ERROR_STATUS[code] === status) ?? 'INTERNAL';
}

/**
 * The header in which an error answer names its code, for the specific refusals only (a general code
 * says no more than the status). Not in the body: every error body stays `{ message }`, as the
 * contract shows it.
 */
export const ERROR_CODE_HEADER = 'Error-Code';

/** Whether an error answer names its code (ERROR_CODE_HEADER): only the specific refusals do. */
export function isSpecificErrorCode(code: TErrorCode): boolean {
  return errorCodeForStatus(ERROR_STATUS[code]) !== code;
}

/** A code this vocabulary knows, for reading one from a body that came over the wire. */
export function isErrorCode(code: unknown): code is TErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}
