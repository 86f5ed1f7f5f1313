// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filterSummary, todayInBerlin } from './filter-summary';

describe('filterSummary', () => {
  it('names the 50 km radius around the place and the date', () => {
    expect(filterSummary('Hamburg', '2030-06-01')).toEqual(['Suche im Umkreis von 50km um Hamburg', 'Datum: 01.06.2030']);
    expect(filterSummary(null, '2030-12-31')).toEqual(['Datum: 31.12.2030']);
    expect(filterSummary('10115', '')).toEqual(['Suche im Umkreis von 50km um 10115']);
  });

  it('knows the calendar day in Berlin', () => {
    expect(todayInBerlin(new Date('2030-05-31T22:30:00Z'))).toBe('2030-06-01');
  });
});
