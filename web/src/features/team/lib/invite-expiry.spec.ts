// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultExpiry, expiryToIso, toLocalInput } from './invite-expiry';

// Fixed instants, so the expectations hold in any zone the tests run in: the field speaks Berlin time.
describe('an invite’s expiry', () => {
  const now = new Date('2030-05-20T08:00:00.000Z'); // 10:00 in Berlin (summer time)

  it('defaults to the market’s end while that is within 30 days, as Berlin shows it', () => {
    expect(defaultExpiry('2030-06-01T15:00:00.000Z', now)).toBe('2030-06-01T17:00');
  });

  it('defaults to a week from now for a market over or too far ahead', () => {
    expect(defaultExpiry('2030-05-01T10:00:00.000Z', now)).toBe('2030-05-27T10:00');
    expect(defaultExpiry('2030-09-01T10:00:00.000Z', now)).toBe('2030-05-27T10:00');
  });

  it('sends the Berlin value as an instant, and nothing for an incomplete one', () => {
    expect(toLocalInput(now)).toBe('2030-05-20T10:00');
    expect(expiryToIso('2030-05-20T10:00')).toBe(now.toISOString());
    expect(expiryToIso('2030-12-20T10:00')).toBe('2030-12-20T09:00:00.000Z');
    expect(expiryToIso('')).toBeNull();
  });
});
