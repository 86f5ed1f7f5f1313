import { describe, expect, it } from 'vitest';
import { duplicatesOf, normalisedName } from './stand-duplicates.js';

const at = (id: string, name: string | null, latitude: number | null = null, longitude: number | null = null) => ({ id, name, latitude, longitude });

describe('duplicatesOf', () => {
  it('pairs stands of the same name, whatever the case and spacing, both ways', () => {
    const found = duplicatesOf([at('a', 'Anna  Berg'), at('b', ' anna berg '), at('c', 'Anna Bergmann')]);
    expect(found.get('a')).toEqual(['b']);
    expect(found.get('b')).toEqual(['a']);
    expect(found.get('c')).toEqual([]);
  });

  it('pairs stands within 20 m and leaves those further apart or without a position', () => {
    // 0.0001° of latitude is about 11 m; 0.0002° about 22 m.
    const found = duplicatesOf([at('a', null, 50.9, 6.9), at('b', null, 50.9001, 6.9), at('c', null, 50.9003, 6.9), at('d', null)]);
    expect(found.get('a')).toEqual(['b']);
    expect(found.get('b')).toEqual(['a']);
    expect(found.get('c')).toEqual([]);
    expect(found.get('d')).toEqual([]);
  });

  it('never pairs two stands without a name for their missing names', () => {
    expect(duplicatesOf([at('a', null), at('b', ''), at('c', '  ')]).get('a')).toEqual([]);
  });

  it('names each other stand once even when name and place both match', () => {
    expect(duplicatesOf([at('a', 'Bo', 50, 7), at('b', 'bo', 50, 7)]).get('a')).toEqual(['b']);
  });
});

describe('normalisedName', () => {
  it('is null for nothing', () => {
    expect(normalisedName(null)).toBeNull();
    expect(normalisedName('Jörg  Müller ')).toBe('jörg müller');
  });
});
