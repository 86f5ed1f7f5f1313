import { describe, expect, it } from 'vitest';
import { isCanonicalPath, parseRequestTarget, pathOnBase, serviceBase, UnsafeTargetError } from './request-target.js';

describe('parseRequestTarget', () => {
  it('splits a canonical origin-form target into path and query', () => {
    expect(parseRequestTarget('/api/events/1?upcoming=true&q=a%20b')).toEqual({ path: '/api/events/1', search: '?upcoming=true&q=a%20b' });
    expect(parseRequestTarget('/api/events/')).toEqual({ path: '/api/events/', search: '' });
    expect(parseRequestTarget('/')).toEqual({ path: '/', search: '' });
  });

  it.each([
    ['absolute form', 'http://127.0.0.1:9999/api/media/x'],
    ['asterisk form', '*'],
    ['authority form', 'localhost:8080'],
    ['backslash', '/api/users/..\\internal\\users'],
    ['encoded backslash', '/api/users/%5cinternal'],
    ['encoded slash', '/api/media/stands%2F..%2Fmetrics'],
    ['encoded dot', '/api/media/%2e%2e/%2e%2e/metrics'],
    ['upper-case encoded dot', '/api/media/%2E%2E/metrics'],
    ['dot segment', '/api/media/../metrics'],
    ['single dot segment', '/api/./events'],
    ['empty segment', '/api//events'],
    ['protocol-relative', '//evil.example/api/events'],
    ['encoded NUL', '/api/stands/%00'],
    ['raw control character', '/api/events\t/1'],
    ['space', '/api/events /1'],
    ['fragment', '/api/events#x'],
    ['broken percent-encoding', '/api/events/%zz'],
    ['broken percent-encoding in the query', '/api/events?q=%'],
    ['an escape that is no UTF-8 (the router could not decode the id)', '/api/events/%c0'],
    ['a cut-off UTF-8 sequence', '/api/media/stands/%e4%bc'],
    ['raw non-ASCII', '/api/events/ä'],
    ['a character a URL parser re-encodes', '/api/media/{x}'],
  ])('refuses %s', (_, target) => {
    expect(parseRequestTarget(target)).toBeNull();
  });

  it('keeps ordinary encoded characters of a segment (they reach the service as one segment)', () => {
    expect(isCanonicalPath('/api/stands/%3Fx%26y')).toBe(true);
    expect(isCanonicalPath('/api/stands/...')).toBe(true);
    expect(isCanonicalPath('/api/stands/Stra%C3%9Fe')).toBe(true);
  });
});

describe('pathOnBase', () => {
  it('puts the base path in front of the target, as received', () => {
    expect(pathOnBase(serviceBase('http://10.0.0.5:3001'), '/events/1?x=1')).toBe('/events/1?x=1');
    expect(pathOnBase(serviceBase('https://svc.internal/stands/'), '/events/1')).toBe('/stands/events/1');
  });

  it('reads a base once, an IPv6 host without its brackets', () => {
    expect(serviceBase('http://[::1]:3002/')).toEqual({ href: 'http://[::1]:3002/', protocol: 'http:', hostname: '::1', port: '3002', path: '' });
  });

  it.each(['http://127.0.0.1:9999/x', '/users/..\\internal\\users', '/media/%2e%2e/metrics', '//evil/x', 'x'])('never sends %s anywhere', (target) => {
    expect(() => pathOnBase(serviceBase('http://127.0.0.1:3001'), target)).toThrow(UnsafeTargetError);
  });
});
