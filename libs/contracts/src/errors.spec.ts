import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, ERROR_STATUS, errorCodeForStatus, isErrorCode, isSpecificErrorCode, type TErrorCode } from './errors.js';
import { ERROR_DEFAULT_MESSAGE, ZErrorBody, firstZodMessage } from './error-body.js';
import { VALIDATION } from './validation-messages.js';
import { ZUserUpdate } from './user.js';

describe('error codes', () => {
  it('map to their HTTP statuses', () => {
    // Read by status, as a client sees it: each status with every code that answers with it.
    const codesByStatus: Record<number, string[]> = {};
    for (const code of (Object.keys(ERROR_STATUS) as TErrorCode[]).sort()) (codesByStatus[ERROR_STATUS[code]] ??= []).push(code);
    expect(codesByStatus).toEqual({
      400: ['POINT_FAR_FROM_LOCATION', 'STAND_TOO_FAR', 'VALIDATION'],
      401: ['UNAUTHENTICATED'],
      403: ['FORBIDDEN'],
      404: ['NOT_FOUND'],
      408: ['REQUEST_TIMEOUT'],
      409: ['CONFLICT', 'IDEMPOTENT_REQUEST_PENDING', 'STAND_NUMBER_TAKEN'],
      410: ['GONE'],
      413: ['PAYLOAD_TOO_LARGE'],
      422: ['UNPROCESSABLE'],
      429: ['RATE_LIMITED'],
      500: ['INTERNAL'],
      503: ['UNAVAILABLE'],
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
