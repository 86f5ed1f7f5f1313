import { describe, expect, it } from 'vitest';
import { isIdempotencyKey } from './idempotency.js';

describe('isIdempotencyKey', () => {
  it('takes 1 to 200 printable ASCII characters', () => {
    expect(isIdempotencyKey('a')).toBe(true);
    expect(isIdempotencyKey('0b6f2c1e-5f7d-4a8e-9c3b-1d2e3f4a5b6c')).toBe(true);
    expect(isIdempotencyKey(' ~!"#$%&')).toBe(true);
    expect(isIdempotencyKey('x'.repeat(200))).toBe(true);
  });

  it('refuses an empty, a too long key, control characters and non-ASCII', () => {
    expect(isIdempotencyKey('')).toBe(false);
    expect(isIdempotencyKey('x'.repeat(201))).toBe(false);
    expect(isIdempotencyKey('a\tb')).toBe(false);
    expect(isIdempotencyKey('a\nb')).toBe(false);
    expect(isIdempotencyKey('Schlüssel')).toBe(false);
  });
});
