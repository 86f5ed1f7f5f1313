import { describe, expect, it } from 'vitest';
import { baseName, foldLoose, foldStrict } from './fold.js';

describe('folding place names', () => {
  it('gives München and Muenchen one strict key, and munchen the same loose key', () => {
    expect(foldStrict('München')).toBe('muenchen');
    expect(foldStrict('Muenchen')).toBe('muenchen');
    expect(foldStrict('MÜNCHEN')).toBe('muenchen');
    expect(foldLoose('München')).toBe('munchen');
    expect(foldLoose('munchen')).toBe('munchen');
  });

  it('keeps towns apart that a single ue → u fold would merge', () => {
    expect(foldStrict('Neuenkirchen')).not.toBe(foldStrict('Neunkirchen'));
    expect(foldLoose('Neuenkirchen')).not.toBe(foldLoose('Neunkirchen'));
  });

  it('writes ß as ss and drops other accents and punctuation', () => {
    expect(foldStrict('Weißenfels')).toBe('weissenfels');
    expect(foldLoose('Weißenfels')).toBe('weissenfels');
    expect(foldStrict('Cottbus - Chóśebuz')).toBe('cottbus chosebuz');
    expect(foldStrict('  Schwedt/Oder ')).toBe('schwedt oder');
    // Decomposed input (as some keyboards and browsers send it) folds like composed input.
    expect(foldStrict('Mu\u0308nchen')).toBe('muenchen');
    expect(foldLoose('Mu\u0308nchen')).toBe(foldLoose('München'));
  });

  it('writes out the abbreviations of the postcode data', () => {
    expect(foldStrict('Neustadt a.Main')).toBe(foldStrict('Neustadt am Main'));
    expect(foldStrict('Dillingen a.d.Donau')).toBe(foldStrict('Dillingen an der Donau'));
    expect(foldStrict('Tessin b. Boizenburg')).toBe(foldStrict('Tessin bei Boizenburg'));
    expect(foldStrict('St. Blasien')).toBe('sankt blasien');
    expect(foldStrict('St Ingbert')).toBe('sankt ingbert');
  });

  it('leaves a lone "St" alone, so that typing it still finds Stuttgart', () => {
    expect(foldStrict('St')).toBe('st');
    expect('stuttgart'.startsWith(foldStrict('St'))).toBe(true);
  });

  it('cuts qualifiers, brackets, slashes, Sorbian names and titles off the base name', () => {
    expect(baseName('Frankfurt am Main')).toBe('frankfurt');
    expect(baseName('Frankfurt (Oder)')).toBe('frankfurt');
    expect(baseName('Neustadt an der Weinstraße')).toBe('neustadt');
    expect(baseName('Neustadt/ Westerwald')).toBe('neustadt');
    expect(baseName('Cottbus - Chóśebuz')).toBe('cottbus');
    expect(baseName('Hansestadt Stade')).toBe('stade');
    expect(baseName('Bad Neustadt an der Saale')).toBe('bad neustadt');
    // The first word is never a qualifier.
    expect(baseName('Am Mellensee')).toBe('am mellensee');
  });
});
