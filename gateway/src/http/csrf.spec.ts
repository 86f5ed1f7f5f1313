import type { Request, Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { sameOriginWrites } from './csrf.js';

function run(method: string, headers: Record<string, string>, path = '/api/events') {
  const res = {
    statusCode: 200,
    headersSent: false,
    status: vi.fn(function (this: { statusCode: number }, s: number) {
      this.statusCode = s;
      return this;
    }),
    json: vi.fn(),
  };
  const next = vi.fn();
  const req = { method, target: { path, search: '' }, header: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
  sameOriginWrites('https://flohmarkt.example')(req, res as unknown as Response, next);
  return { passed: next.mock.calls.length === 1, status: res.statusCode };
}

describe('sameOriginWrites', () => {
  it('lets reads through from anywhere', () => {
    expect(run('GET', { origin: 'https://evil.example' }).passed).toBe(true);
  });

  it('lets writes from our own origin through', () => {
    expect(run('POST', { origin: 'https://flohmarkt.example' }).passed).toBe(true);
    expect(run('DELETE', { referer: 'https://flohmarkt.example/events/1' }).passed).toBe(true);
  });

  it('refuses writes from another origin with 403', () => {
    expect(run('POST', { origin: 'https://evil.example' })).toEqual({ passed: false, status: 403 });
    expect(run('PUT', { referer: 'http://flohmarkt.example/x' })).toEqual({ passed: false, status: 403 });
    expect(run('PATCH', { origin: 'null' })).toEqual({ passed: false, status: 403 });
  });

  it("takes a mail program's one-click opt-out from any origin (its token is the credential), and nothing else beside it", () => {
    expect(run('POST', { origin: 'https://webmail.example' }, '/api/mail/unsubscribe/abc123').passed).toBe(true);
    expect(run('DELETE', { origin: 'https://webmail.example' }, '/api/mail/unsubscribe/abc123')).toEqual({ passed: false, status: 403 });
    expect(run('POST', { origin: 'https://webmail.example' }, '/api/mail/unsubscribe-not/abc123')).toEqual({ passed: false, status: 403 });
  });

  it('lets clients without Origin and Referer through (not a browser)', () => {
    expect(run('POST', {}).passed).toBe(true);
  });

  it('refuses a write without Origin and Referer that the browser says another site started', () => {
    expect(run('POST', { 'sec-fetch-site': 'cross-site' })).toEqual({ passed: false, status: 403 });
    expect(run('DELETE', { 'sec-fetch-site': 'same-site' })).toEqual({ passed: false, status: 403 });
    expect(run('POST', { 'sec-fetch-site': 'same-origin' }).passed).toBe(true);
    expect(run('POST', { 'sec-fetch-site': 'none' }).passed).toBe(true);
  });
});
