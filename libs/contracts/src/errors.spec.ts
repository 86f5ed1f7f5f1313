import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, ERROR_STATUS, errorCodeForStatus, isErrorCode, isSpecificErrorCode } from './errors.js';
import { ERROR_DEFAULT_MESSAGE, ZErrorBody, firstZodMessage } from './error-body.js';
import { VALIDATION } from './validation-messages.js';
import { ZUserUpdate } from './user.js';

describe('error codes', () => {
  it('map to their HTTP statuses', () => {
    expect(ERROR_STATUS).toEqual({
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
    });
    // A status alone stands for its general code, never for a specific refusal.
    expect(errorCodeForStatus(400)).toBe('VALIDATION');
    expect(errorCodeForStatus(409)).toBe('CONFLICT');
    expect(errorCodeForStatus(410)).toBe('GONE');
    expect(isErrorCode('STAND_TOO_FAR')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isSpecificErrorCode('STAND_TOO_FAR')).toBe(true);
    expect(isSpecificErrorCode('VALIDATION')).toBe(false);
    expect(Object.keys(ERROR_DEFAULT_MESSAGE).sort()).toEqual(Object.values(ERROR_CODES).sort());
  });

  it('describe the error body', () => {
    expect(ZErrorBody.parse({ message: 'x', error: 'x', requestId: 'r1', extra: 1 })).toEqual({
      message: 'x',
      error: 'x',
      requestId: 'r1',
    });
    expect(ZErrorBody.safeParse({ error: 'x' }).success).toBe(false);
  });
});

describe('firstZodMessage', () => {
  it('answers the first issue message', () => {
    const result = ZUserUpdate.safeParse({ firstName: '', lastName: '' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstZodMessage(result.error)).toBe(VALIDATION.firstNameRequired);
  });

  it('never answers zod English defaults', () => {
    const result = z.object({ count: z.number() }).safeParse({ count: 'x' });
    if (!result.success) expect(firstZodMessage(result.error)).toBe('Ungültige Eingabe im Feld „count“.');
    const top = z.number().safeParse('x');
    if (!top.success) expect(firstZodMessage(top.error)).toBe(VALIDATION.invalidInput);
  });
});
