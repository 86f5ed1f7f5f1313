import { describe, expect, it } from 'vitest';
import { defaultExpiry, expiryToIso, toLocalInput } from './invite-expiry';

describe('an invite’s expiry', () => {
  const now = new Date(2030, 4, 20, 10, 0);

  it('defaults to the market’s end while that is within 30 days', () => {
    const end = new Date(2030, 5, 1, 17, 0);
    expect(defaultExpiry(end.toISOString(), now)).toBe('2030-06-01T17:00');
  });

  it('defaults to a week from now for a market over or too far ahead', () => {
    expect(defaultExpiry(new Date(2030, 4, 1).toISOString(), now)).toBe('2030-05-27T10:00');
    expect(defaultExpiry(new Date(2030, 8, 1).toISOString(), now)).toBe('2030-05-27T10:00');
  });

  it('sends the local value as an instant, and nothing for an incomplete one', () => {
    expect(expiryToIso(toLocalInput(now))).toBe(now.toISOString());
    expect(expiryToIso('')).toBeNull();
  });
});
