import { describe, expect, it } from 'vitest';
import { isPastAbsoluteLifetime, sessionCookieAttributes, sessionCookieName } from './session.js';

describe('session cookie', () => {
  it('is a __Host- cookie (Secure, Path=/) when the product is served over https', () => {
    expect(sessionCookieName('https://flohmarkt.example')).toBe('__Host-flohmarkt.sid');
    expect(sessionCookieAttributes('https://flohmarkt.example')).toEqual({ httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
  });

  it('keeps its plain name over http, where a browser would refuse the __Host- prefix', () => {
    expect(sessionCookieName('http://localhost:8080')).toBe('flohmarkt.sid');
    expect(sessionCookieAttributes('http://localhost:8080').secure).toBe(false);
  });
});

describe('isPastAbsoluteLifetime', () => {
  const DAY = 24 * 3600 * 1000;
  const now = Date.parse('2026-11-21T12:00:00Z');

  it('ends a signed-in session at its absolute lifetime, counted from sign-in', () => {
    expect(isPastAbsoluteLifetime({ userId: 'u', signedInAt: now - 30 * DAY + 1 }, 30 * DAY, now)).toBe(false);
    expect(isPastAbsoluteLifetime({ userId: 'u', signedInAt: now - 30 * DAY }, 30 * DAY, now)).toBe(true);
  });

  it('ends a signed-in session of unknown age', () => {
    expect(isPastAbsoluteLifetime({ userId: 'u' }, 30 * DAY, now)).toBe(true);
  });

  it('leaves a session without a user alone (a sign-in under way)', () => {
    expect(isPastAbsoluteLifetime({}, 30 * DAY, now)).toBe(false);
  });
});
