// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { keepTypedStreet, splitHouseNumber, typedBeforePlace } from './typed-street';

describe('keepTypedStreet (issue 30, O2)', () => {
  it('keeps street and house number in front of a picked postcode or town', () => {
    expect(keepTypedStreet('Merowingerstraße 10, 50677 Köln', '50677 Köln, Nordrhein-Westfalen')).toBe('Merowingerstraße 10, 50677 Köln');
    expect(keepTypedStreet('Merowingerstraße 10, 50677', '50677 Köln, Nordrhein-Westfalen')).toBe('Merowingerstraße 10, 50677 Köln');
    expect(keepTypedStreet('Hauptstraße 5 köln', 'Köln, Nordrhein-Westfalen')).toBe('Hauptstraße 5, Köln');
  });

  it('takes the suggestion as it is when it holds the typed street or the text is only the place', () => {
    expect(keepTypedStreet('Merowingerstraße 10, 5067', 'Merowingerstraße 10, 50677 Köln')).toBe('Merowingerstraße 10, 50677 Köln');
    expect(keepTypedStreet('Köl', 'Köln, Nordrhein-Westfalen')).toBe('Köln, Nordrhein-Westfalen');
    expect(keepTypedStreet('50677', '50677 Köln, Nordrhein-Westfalen')).toBe('50677 Köln, Nordrhein-Westfalen');
  });
});

describe('typedBeforePlace', () => {
  it('is what stands in front of the picked place, or null when that is no street', () => {
    expect(typedBeforePlace('Bernauer Straße 5, 13355 Berlin', '13355 Berlin, Berlin')).toBe('Bernauer Straße 5');
    expect(typedBeforePlace('13355 Berlin', '13355 Berlin, Berlin')).toBeNull();
    expect(typedBeforePlace('Bernauer Straße 5', '13355 Berlin, Berlin')).toBeNull();
    expect(typedBeforePlace('Bernauer Straße 5, 13355', 'Bernauer Straße 5, 13355 Berlin')).toBeNull();
  });
});

describe('splitHouseNumber', () => {
  it('takes the house number off the end, also with a letter, a space or a range', () => {
    expect(splitHouseNumber('Bernauer Straße 5')).toEqual({ street: 'Bernauer Straße', houseNumber: '5' });
    expect(splitHouseNumber('Hohe Straße 12 a')).toEqual({ street: 'Hohe Straße', houseNumber: '12 a' });
    expect(splitHouseNumber('Am Markt 12-14')).toEqual({ street: 'Am Markt', houseNumber: '12-14' });
    expect(splitHouseNumber('Straße des 17. Juni 5')).toEqual({ street: 'Straße des 17. Juni', houseNumber: '5' });
  });

  it('leaves a street without a number whole', () => {
    expect(splitHouseNumber('Straße des 17. Juni')).toEqual({ street: 'Straße des 17. Juni', houseNumber: '' });
    expect(splitHouseNumber('Hinterhof')).toEqual({ street: 'Hinterhof', houseNumber: '' });
  });
});
