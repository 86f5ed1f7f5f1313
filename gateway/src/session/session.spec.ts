import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { isPastAbsoluteLifetime, sessionCookieAttributes, sessionCookieName, sessionOr503 } from './session.js';

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

describe('sessionOr503', () => {
  // A stand-in for express-session that records whether the session machinery ran.
  function run(path: string, cookie?: string): boolean {
    let ran = false;
    const middleware = ((_req: unknown, _res: unknown, next: (err?: unknown) => void) => {
      ran = true;
      next();
    }) as unknown as Parameters<typeof sessionOr503>[0];
    const req = { headers: cookie ? { cookie } : {}, target: { path, search: '' } } as unknown as Request;
    sessionOr503(middleware, 'flohmarkt.sid', () => undefined)(req, {} as Response, () => undefined);
    return ran;
  }

  it('skips the session store for a request without the session cookie', () => {
    expect(run('/api/events/1')).toBe(false);
    expect(run('/api/events/1', 'other=1; flohmarkt.sidx=2')).toBe(false);
  });

  it('loads the session when the cookie is sent, and starts one for sign-in without it', () => {
    expect(run('/api/events/1', 'a=1; flohmarkt.sid=s%3Aabc')).toBe(true);
    expect(run('/api/login')).toBe(true);
    expect(run('/api/callback')).toBe(true);
  });
});
