import { describe, expect, it } from 'vitest';
import { ZEventCreate } from './event.js';
import { VALIDATION } from './validation-messages.js';
import { SERIES_MAX_DATES, SERIES_MESSAGES, ZEventUpdateQuery, ZSeriesInput, seriesDates, shiftBerlinDays } from './event-series.js';

/** Saturday 7 March 2026, 08:00–16:00 in Berlin (winter time, UTC+1). */
const START = '2026-03-07T07:00:00.000Z';
const END = '2026-03-07T15:00:00.000Z';

function days(series: unknown): string[] | string {
  const worked = seriesDates(START, END, ZSeriesInput.parse(series));
  return 'error' in worked ? worked.error : worked.dates.map((d) => d.startDateTime);
}

describe('seriesDates', () => {
  it('repeats weekly at the same Berlin wall-clock time across the change to summer time', () => {
    expect(days({ rule: 'weekly', until: '2026-04-04' })).toEqual([
      '2026-03-07T07:00:00.000Z',
      '2026-03-14T07:00:00.000Z',
      '2026-03-21T07:00:00.000Z',
      // 29 March the clocks go forward: 08:00 Berlin is now 06:00 UTC.
      '2026-03-28T07:00:00.000Z',
      '2026-04-04T06:00:00.000Z',
    ]);
  });

  it('keeps each date as long as the first', () => {
    const worked = seriesDates(START, END, ZSeriesInput.parse({ rule: 'biweekly', count: 3 }));
    expect('dates' in worked && worked.dates.map((d) => Date.parse(d.endDateTime) - Date.parse(d.startDateTime))).toEqual([
      8 * 3600_000,
      8 * 3600_000,
      8 * 3600_000,
    ]);
  });

  it('repeats monthly on the first weekday of its kind, and the fifth as the last', () => {
    expect(days({ rule: 'monthly', count: 3 })).toEqual(['2026-03-07T07:00:00.000Z', '2026-04-04T06:00:00.000Z', '2026-05-02T06:00:00.000Z']);
    // Saturday 31 January 2026 is the fifth Saturday: February has four, so its last one.
    const worked = seriesDates('2026-01-31T09:00:00.000Z', '2026-01-31T12:00:00.000Z', ZSeriesInput.parse({ rule: 'monthly', count: 2 }));
    expect('dates' in worked && worked.dates[1]?.startDateTime).toBe('2026-02-28T09:00:00.000Z');
  });

  it('takes a list of dates with the first market, sorted and without repeats', () => {
    expect(days({ dates: ['2026-03-21', '2026-03-14', '2026-03-21', '2026-03-07'] })).toEqual([
      '2026-03-07T07:00:00.000Z',
      '2026-03-14T07:00:00.000Z',
      '2026-03-21T07:00:00.000Z',
    ]);
  });

  it('refuses more than 52 dates and an end before the first date', () => {
    expect(days({ rule: 'weekly', until: '2027-12-31' })).toBe(SERIES_MESSAGES.tooManyDates);
    expect(days({ rule: 'weekly', count: SERIES_MAX_DATES + 1 })).toBe(SERIES_MESSAGES.tooManyDates);
    expect(days({ rule: 'weekly', count: SERIES_MAX_DATES })).toHaveLength(SERIES_MAX_DATES);
    expect(days({ rule: 'weekly', until: '2026-03-06' })).toBe(SERIES_MESSAGES.untilBeforeStart);
  });

  it('refuses a rule that runs past 2099, the last year a market may have', () => {
    const late = seriesDates('2099-12-19T08:00:00.000Z', '2099-12-19T15:00:00.000Z', ZSeriesInput.parse({ rule: 'weekly', count: 4 }));
    expect(late).toEqual({ error: VALIDATION.dateOutOfRange });
  });
});

describe('ZEventCreate with a series', () => {
  const market = { name: 'Trödelmarkt', location: '50667 Köln', startDateTime: START, endDateTime: END };

  function message(series: unknown): string | undefined {
    const parsed = ZEventCreate.safeParse({ ...market, series });
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  }

  it('answers each problem in German', () => {
    expect(message({ rule: 'weekly', until: '2026-03-01' })).toBe(SERIES_MESSAGES.untilBeforeStart);
    expect(message({ rule: 'weekly', count: 60 })).toBe(SERIES_MESSAGES.tooManyDates);
    expect(message({ rule: 'weekly' })).toBe(SERIES_MESSAGES.needsEnd);
    expect(message({ rule: 'daily', count: 3 })).toBe(SERIES_MESSAGES.ruleInvalid);
    expect(message({ dates: ['7.3.2026'] })).toBe(SERIES_MESSAGES.datesInvalid);
    expect(message({ dates: ['2026-02-30'] })).toBe(SERIES_MESSAGES.datesInvalid);
    // The years of a single market's dates hold for a series' dates too (year 1 was read as 1901).
    for (const day of ['9999-12-31', '1970-01-01', '0001-01-01']) expect(message({ dates: [day] })).toBe(VALIDATION.dateOutOfRange);
    expect(message({ rule: 'weekly', until: '2100-01-01' })).toBe(VALIDATION.dateOutOfRange);
    expect(message({ rule: 'weekly', count: 4 })).toBeUndefined();
  });
});

describe('shiftBerlinDays', () => {
  it('moves by calendar days and keeps the wall-clock time', () => {
    expect(shiftBerlinDays(new Date('2026-03-28T07:00:00.000Z'), 1).toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });
});

describe('ZEventUpdateQuery', () => {
  it('is this date alone unless asked for the following ones', () => {
    expect(ZEventUpdateQuery.parse({}).scope).toBe('this');
    expect(ZEventUpdateQuery.parse({ scope: 'following' }).scope).toBe('following');
    expect(ZEventUpdateQuery.safeParse({ scope: 'all' }).error?.issues[0]?.message).toBe(SERIES_MESSAGES.scopeInvalid);
  });
});
