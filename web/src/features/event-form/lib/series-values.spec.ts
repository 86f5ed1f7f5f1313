// @vitest-environment node
import { SERIES_MESSAGES } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { ONCE, monthlyLabel, previewText, seriesInput, seriesPreview, seriesProblem, type SeriesValues } from './series-values';

const weekly = (until: string): SeriesValues => ({ choice: 'weekly', until, dates: [''] });

function previewOf(start: string, series: SeriesValues): string {
  const preview = seriesPreview(start, '', series);
  if (preview.kind !== 'dates') throw new Error(`no dates: ${JSON.stringify(preview)}`);
  return previewText(preview.dates);
}

describe('series of the create form (issue 34)', () => {
  it('names the monthly rule by the first date: its place in the month and weekday, a fifth one as the last', () => {
    expect(monthlyLabel('2026-03-07T10:00')).toBe('Jeden Monat am 1. Samstag');
    expect(monthlyLabel('2026-03-26T10:00')).toBe('Jeden Monat am 4. Donnerstag');
    expect(monthlyLabel('2026-05-30T10:00')).toBe('Jeden Monat am letzten Samstag');
    expect(monthlyLabel('')).toBe('Jeden Monat am selben Wochentag');
  });

  it('lists every date of a short series in German', () => {
    expect(previewOf('2026-03-07T10:00', weekly('2026-04-04'))).toBe('5 Termine: Sa, 7. März · Sa, 14. März · Sa, 21. März · Sa, 28. März · Sa, 4. April');
    expect(previewOf('2026-03-07T10:00', { choice: 'biweekly', until: '2026-04-04', dates: [''] })).toBe(
      '3 Termine: Sa, 7. März · Sa, 21. März · Sa, 4. April',
    );
  });

  it('shortens a long series to its first eight dates, „…“ and the last', () => {
    const text = previewOf('2026-03-07T10:00', weekly('2026-12-31'));
    expect(text.startsWith('43 Termine: Sa, 7. März · Sa, 14. März')).toBe(true);
    expect(text.endsWith('Sa, 25. April · … · Sa, 26. Dezember')).toBe(true);
    expect(text.split(' · ')).toHaveLength(10);
  });

  it('gives the year when the series runs into the next one', () => {
    expect(previewOf('2026-12-19T10:00', { choice: 'monthly', until: '2027-01-31', dates: [''] })).toBe(
      '2 Termine: Sa, 19. Dezember 2026 · Sa, 16. Januar 2027',
    );
  });

  it('sorts the own dates after the first one, which is the Beginn', () => {
    expect(previewOf('2026-03-07T10:00', { choice: 'dates', until: '', dates: ['2026-05-01', '', '2026-04-11'] })).toBe(
      '3 Termine: Sa, 7. März · Sa, 11. April · Fr, 1. Mai',
    );
  });

  it("answers the service's refusal of more than 52 dates, which keeps the form from being sent", () => {
    const preview = seriesPreview('2026-03-07T10:00', '2026-03-07T16:00', weekly('2027-12-31'));
    expect(preview).toEqual({ kind: 'error', message: SERIES_MESSAGES.tooManyDates });
    expect(seriesProblem(preview)).toBe(SERIES_MESSAGES.tooManyDates);
  });

  it('asks for what is missing: the end of a rule, a second own date; a missing Beginn is its own field’s message', () => {
    expect(seriesProblem(seriesPreview('2026-03-07T10:00', '', weekly('')))).toBe(SERIES_MESSAGES.needsEnd);
    expect(seriesProblem(seriesPreview('2026-03-07T10:00', '', { choice: 'dates', until: '', dates: [''] }))).toBe(
      'Füge mindestens einen weiteren Termin hinzu.',
    );
    expect(seriesPreview('', '', weekly('2026-04-04')).kind).toBe('incomplete');
    expect(seriesProblem(seriesPreview('', '', weekly('2026-04-04')))).toBeUndefined();
  });

  it('sends no series for a single market, the rule with its end or the filled-in dates otherwise', () => {
    expect(seriesInput(ONCE)).toBeUndefined();
    expect(seriesPreview('2026-03-07T10:00', '', ONCE)).toEqual({ kind: 'none' });
    expect(seriesInput({ choice: 'monthly', until: '2026-09-30', dates: ['2026-05-01'] })).toEqual({ rule: 'monthly', until: '2026-09-30' });
    expect(seriesInput({ choice: 'dates', until: '2026-09-30', dates: ['2026-05-01', ''] })).toEqual({ dates: ['2026-05-01'] });
  });
});
