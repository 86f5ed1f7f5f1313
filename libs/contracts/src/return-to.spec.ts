import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.js';

const PUBLIC = 'http://localhost:8080';

describe('safeReturnTo', () => {
  it('keeps paths on our own origin, with query and hash', () => {
    expect(safeReturnTo('/events/abc?x=1#y', PUBLIC)).toBe('/events/abc?x=1#y');
  });

  it('reduces an absolute URL on our own origin to its path', () => {
    expect(safeReturnTo('http://localhost:8080/events/abc?x=1#y', PUBLIC)).toBe('/events/abc?x=1#y');
    expect(safeReturnTo('HTTPS://flohmarkt.example:443/meine-staende', 'https://flohmarkt.example')).toBe('/meine-staende');
  });

  it('keeps harmless dot segments once they are resolved', () => {
    expect(safeReturnTo('/events/./abc/../def', PUBLIC)).toBe('/events/def');
  });

  it.each([
    // normalised by the URL parser into a protocol-relative `//evil.example`
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/./%2F/evil',
    // backslashes, raw or encoded
    '/\\evil',
    '/\\evil.example',
    '/%5cevil',
    '/%5C%5Cevil.example',
    // encoded slashes, once or twice
    '/%2f%2fevil',
    '/%2F%2Fevil.example',
    '/%252f%252fevil',
    // control characters the parser would drop
    '/\t/evil',
    '/\n/evil',
    '/\r\n/evil',
    '/events\u0000',
    // other origins and schemes
    'https://evil',
    'https://evil.example/',
    'http:evil',
    'http:/evil',
    'https://localhost:8080/events',
    'http://localhost:8080@evil.example/',
    '//evil',
    '//evil.example/x',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,hallo',
    // not a path
    'events',
    '',
    `/${'a'.repeat(3000)}`,
    undefined,
    null,
    42,
    ['/x'],
  ])('replaces %j with /', (value) => {
    expect(safeReturnTo(value, PUBLIC)).toBe('/');
  });

  it('never answers anything a browser could read as another host', () => {
    const tricks = ['/.//a', '/./\\a', '/%2f/a', '/\t/a', '/ /a', '/%09/a', '/%20//a', '/.%2f/a', '/\u3000/a', '/．/a'];
    for (const trick of tricks) {
      const answer = safeReturnTo(trick, PUBLIC);
      expect(answer.startsWith('/'), trick).toBe(true);
      expect(/^\/[/\\]/.test(answer), trick).toBe(false);
      expect(new URL(answer, PUBLIC).origin, trick).toBe(PUBLIC);
    }
  });
});
