import { describe, expect, it } from 'vitest';
import { LruTtlCache } from './cache.js';

describe('LruTtlCache', () => {
  it('forgets an entry after its TTL', () => {
    let now = 1000;
    const cache = new LruTtlCache<string>(10, () => now);
    cache.set('a', 'A', 500);
    now = 1499;
    expect(cache.get('a')).toBe('A');
    now = 1500;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const cache = new LruTtlCache<string>(2);
    cache.set('a', 'A', 60_000);
    cache.set('b', 'B', 60_000);
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C', 60_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });
});
