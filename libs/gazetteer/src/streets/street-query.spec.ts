import { describe, expect, it } from 'vitest';
import { streetQuery } from './street-query.js';

/** The readings as 'street|town' with strict keys. */
const readings = (q: string) => streetQuery(q)?.splits.map((s) => `${s.street.strict}|${s.town?.strict ?? ''}`);

describe('streetQuery (what the search box says about a street)', () => {
  it('cuts at the house number or the comma: street before, town after (or the other way round)', () => {
    expect(streetQuery('Hauptstraße 5, Köln')).toMatchObject({ postcode: null, houseNumber: '5' });
    expect(readings('Hauptstraße 5, Köln')).toEqual(['hauptstrasse|koeln', 'koeln|hauptstrasse']);
    expect(readings('Hauptstr. 5 Köln')?.[0]).toBe('hauptstrasse|koeln');
    expect(readings('Köln, Hauptstraße')).toEqual(['koeln|hauptstrasse', 'hauptstrasse|koeln']);
  });

  it('tries every cut when nothing marks one', () => {
    expect(readings('hauptstrasse koeln')).toEqual(['hauptstrassekoeln|', 'hauptstrasse|koeln', 'koeln|hauptstrasse']);
    expect(readings('Am Alten Markt Kiel')).toContain('amaltenmarkt|kiel');
  });

  it('takes five digits for the postcode and a number after a word for the house number', () => {
    expect(streetQuery('Musterweg 12 50667')).toEqual({
      postcode: '50667',
      houseNumber: '12',
      splits: [{ street: { strict: 'musterweg', loose: 'musterweg' }, town: null }],
    });
    expect(streetQuery('Am Markt 12 a, Kiel')?.houseNumber).toBe('12a');
    // The house number ends the text: the whole name is the first reading.
    expect(streetQuery('Straße des 17. Juni 100')).toMatchObject({ houseNumber: '100' });
    expect(readings('Straße des 17. Juni 100')?.[0]).toBe('strassedes17juni|');
  });

  it('has no reading for too little or too much text', () => {
    expect(streetQuery('Ha')).toBeNull();
    expect(streetQuery('50667')).toBeNull();
    expect(streetQuery('12 34')).toBeNull();
    expect(streetQuery('a b c d e f g h i')).toBeNull();
    // A one- or two-letter part is no street: only the readings with a longer one stay.
    expect(readings('Ha Köln')).toEqual(['hakoeln|', 'koeln|ha']);
  });
});
