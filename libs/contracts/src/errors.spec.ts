import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, ERROR_DEFAULT_MESSAGE, ERROR_STATUS, ZErrorBody, firstZodMessage } from './errors.js';
import { VALIDATION } from './messages.js';
import { ZUserUpdate } from './user.js';

describe('error codes', () => {
  it('map to their HTTP statuses', () => {
    expect(ERROR_STATUS).toEqual({
      UNAUTHENTICATED: 401,
      NOT_FOUND: 404,
      FORBIDDEN: 403,
      VALIDATION: 400,
      CONFLICT: 409,
      UNPROCESSABLE: 422,
      PAYLOAD_TOO_LARGE: 413,
      REQUEST_TIMEOUT: 408,
      RATE_LIMITED: 429,
      UNAVAILABLE: 503,
      INTERNAL: 500,
    });
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
