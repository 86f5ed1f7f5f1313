import { describe, expect, it } from 'vitest';
import { keepTypedStreet } from './keep-typed-street';

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
