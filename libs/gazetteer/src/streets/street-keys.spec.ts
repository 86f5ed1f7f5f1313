import { describe, expect, it } from 'vitest';
import { houseNumberKey, streetKeys, townKeys } from './street-keys.js';

describe('the street normaliser (one for index and query)', () => {
  it('makes Straße, Strasse, Str. and Str one street, in any case and spacing', () => {
    const key = streetKeys('Hauptstraße').strict;
    expect(key).toBe('hauptstrasse');
    for (const typed of ['Hauptstrasse', 'hauptstr.', 'HAUPTSTR', 'Haupt Straße', '  haupt   strasse ', 'Haupt-Str.'])
      expect(streetKeys(typed).strict).toBe(key);
  });

  it('spells a separate Str. out too, and keeps the words of a long name', () => {
    expect(streetKeys('Kölner Str. ').strict).toBe(streetKeys('Kölner Straße').strict);
    expect(streetKeys('Konrad-Adenauer-Str.').strict).toBe('konradadenauerstrasse');
    expect(streetKeys('Straße des 17. Juni').strict).toBe('strassedes17juni');
  });

  it('folds umlauts both ways: ä/ö/ü as ae/oe/ue (strict) and as a/o/u (loose); ß is ss in both', () => {
    expect(streetKeys('Mühlenweg')).toEqual({ strict: 'muehlenweg', loose: 'muhlenweg' });
    expect(streetKeys('Muehlenweg').strict).toBe(streetKeys('Mühlenweg').strict);
    expect(streetKeys('muhlenweg').loose).toBe(streetKeys('Mühlenweg').loose);
    expect(streetKeys('Große Straße')).toEqual({ strict: 'grossestrasse', loose: 'grossestrasse' });
    // Decomposed input (u + combining diaeresis) is the same street.
    expect(streetKeys('Mu\u0308hlenweg').strict).toBe('muehlenweg');
  });

  it('leaves street names alone that merely contain the letters s-t-r', () => {
    expect(streetKeys('Strandweg').strict).toBe('strandweg');
    expect(streetKeys('Astraße').strict).toBe('astrasse');
  });

  it('folds town names the same ways, without spaces', () => {
    expect(townKeys('Köln')).toEqual({ strict: 'koeln', loose: 'koln' });
    expect(townKeys('Koeln').strict).toBe('koeln');
    expect(townKeys('Frankfurt am Main').strict).toBe('frankfurtammain');
    expect(townKeys('St. Ingbert').strict).toBe('sanktingbert');
  });

  it('writes house numbers as on the sign, without spaces, in lower case', () => {
    expect(houseNumberKey('12 A')).toBe('12a');
    expect(houseNumberKey('12a')).toBe('12a');
    expect(houseNumberKey('12-14')).toBe('12-14');
    expect(houseNumberKey('63–64')).toBe('63-64');
  });
});
