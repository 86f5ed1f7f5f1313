import { describe, expect, it } from 'vitest';
import { withinOneTypo } from './one-typo.js';

describe('withinOneTypo', () => {
  it('takes a letter swapped with its neighbour, replaced, left out or added', () => {
    expect(withinOneTypo('spielzueg', 'spielzeug')).toBe(true);
    expect(withinOneTypo('spielzeig', 'spielzeug')).toBe(true);
    expect(withinOneTypo('spielzeg', 'spielzeug')).toBe(true);
    expect(withinOneTypo('spielzeugg', 'spielzeug')).toBe(true);
    expect(withinOneTypo('pspielzeug', 'spielzeug')).toBe(true);
    expect(withinOneTypo('spielzeug', 'spielzeug')).toBe(true);
  });

  it('refuses two typos, a swap of letters that are not neighbours, and a length two apart', () => {
    expect(withinOneTypo('spialzueg', 'spielzeug')).toBe(false);
    expect(withinOneTypo('gpielzeus', 'spielzeug')).toBe(false);
    expect(withinOneTypo('spielz', 'spielzeug')).toBe(false);
    expect(withinOneTypo('spielzeuggg', 'spielzeug')).toBe(false);
  });

  it('counts an umlaut as one letter', () => {
    expect(withinOneTypo('bücher', 'bucher')).toBe(true);
    expect(withinOneTypo('büchre', 'bucher')).toBe(false);
  });
});
