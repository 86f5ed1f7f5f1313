import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.js';

const PUBLIC = 'http://localhost:8080';

describe('safeReturnTo', () => {
  it('keeps paths on our own origin, with query and hash', () => {
    expect(safeReturnTo('/events/1?x=2#karte', PUBLIC)).toBe('/events/1?x=2#karte');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'events', '', undefined, 42, ['/x']])(
    'replaces %s with /',
    (value) => {
      expect(safeReturnTo(value, PUBLIC)).toBe('/');
    },
  );
});
