import { describe, expect, it } from 'vitest';
import {
  berlinDateTimeLocal,
  berlinDateTimeLocalInstant,
  berlinDay,
  berlinDayBounds,
  berlinMidnight,
  berlinMidnightOf,
  berlinWallTime,
  eveningBefore,
  startOfBerlinToday,
} from './berlin-time.js';

describe('Berlin calendar days', () => {
  it('starts a winter day at 23:00 UTC of the day before and lasts 24 hours', () => {
    const { start, end } = berlinDayBounds('2031-01-15');
    expect(start.toISOString()).toBe('2031-01-14T23:00:00.000Z');
    expect(end.toISOString()).toBe('2031-01-15T23:00:00.000Z');
  });

  it('starts a summer day at 22:00 UTC of the day before', () => {
    expect(berlinMidnight('2031-07-01').toISOString()).toBe('2031-06-30T22:00:00.000Z');
  });

  it('gives the day the clocks go forward 23 hours (29 March 2026)', () => {
    const { start, end } = berlinDayBounds('2026-03-29');
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('gives the day the clocks go back 25 hours (25 October 2026)', () => {
    const { start, end } = berlinDayBounds('2026-10-25');
    expect(start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('crosses month and year ends', () => {
    expect(berlinDayBounds('2030-12-31').end.toISOString()).toBe('2030-12-31T23:00:00.000Z');
    expect(berlinDayBounds('2028-02-28').end.toISOString()).toBe('2028-02-28T23:00:00.000Z');
    expect(berlinDayBounds('2028-02-29').start.toISOString()).toBe('2028-02-28T23:00:00.000Z');
  });

  it('names the Berlin day of an instant, which is already tomorrow late in the UTC evening', () => {
    expect(berlinDay(new Date('2031-01-15T22:59:59.999Z'))).toBe('2031-01-15');
    expect(berlinDay(new Date('2031-01-15T23:00:00.000Z'))).toBe('2031-01-16');
    expect(berlinDay(new Date('2031-07-15T21:59:59Z'))).toBe('2031-07-15');
    expect(berlinDay(new Date('2031-07-15T22:00:00Z'))).toBe('2031-07-16');
  });

  it('finds the start of today across both changes of clocks', () => {
    // 00:30 summer time on 30 March 2026, the night after the clocks went forward.
    expect(startOfBerlinToday(new Date('2026-03-29T22:30:00Z')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // 01:30 on 29 March, still winter time.
    expect(startOfBerlinToday(new Date('2026-03-29T00:30:00Z')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    // 02:30 on 25 October, the hour that happens twice: both times belong to the same day.
    expect(startOfBerlinToday(new Date('2026-10-25T00:30:00Z')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(startOfBerlinToday(new Date('2026-10-25T01:30:00Z')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    // 23:30 winter time on 25 October.
    expect(startOfBerlinToday(new Date('2026-10-25T22:30:00Z')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });
});

describe('berlinMidnightOf', () => {
  it("is the start of the instant's Berlin day, in summer and in winter", () => {
    expect(berlinMidnightOf(new Date('2026-06-06T21:59:59Z')).toISOString()).toBe('2026-06-05T22:00:00.000Z');
    expect(berlinMidnightOf(new Date('2026-06-06T22:00:00Z')).toISOString()).toBe('2026-06-06T22:00:00.000Z');
    expect(berlinMidnightOf(new Date('2026-12-01T22:59:59Z')).toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });
});

describe('eveningBefore', () => {
  it('is 18:00 Berlin time on the day before the start day, whatever the hour of the start', () => {
    // A Saturday 08:00 summer-time market: Friday 18:00 CEST.
    expect(eveningBefore(new Date('2026-06-06T06:00:00Z')).toISOString()).toBe('2026-06-05T16:00:00.000Z');
    // 00:30 Berlin on 6 June is still 6 June: the evening of the 5th.
    expect(eveningBefore(new Date('2026-06-05T22:30:00Z')).toISOString()).toBe('2026-06-05T16:00:00.000Z');
    // Winter: 17:00 UTC; across the month boundary.
    expect(eveningBefore(new Date('2026-12-01T09:00:00Z')).toISOString()).toBe('2026-11-30T17:00:00.000Z');
  });

  it('keeps the wall clock on the days the clocks change (a Monday market after the spring and autumn Sundays)', () => {
    // Sunday 29 March 2026 is summer time from 03:00: 18:00 CEST.
    expect(eveningBefore(new Date('2026-03-30T07:00:00Z')).toISOString()).toBe('2026-03-29T16:00:00.000Z');
    // Sunday 25 October 2026 is winter time from 03:00: 18:00 CET.
    expect(eveningBefore(new Date('2026-10-26T08:00:00Z')).toISOString()).toBe('2026-10-25T17:00:00.000Z');
  });
});

describe('datetime-local values in Berlin time, whatever the zone of the device', () => {
  const instant = (value: string) => berlinDateTimeLocalInstant(value)?.toISOString();

  it('reads a typed time as Berlin wall-clock time, in winter and in summer', () => {
    // The review's case: 13:30 on 30 November is 12:30 UTC, never 13:30 UTC.
    expect(instant('2026-11-30T13:30')).toBe('2026-11-30T12:30:00.000Z');
    expect(instant('2030-06-01T09:30')).toBe('2030-06-01T07:30:00.000Z');
    // Late in the Berlin evening it is still the day before in UTC, early in the morning already the day before.
    expect(instant('2031-01-01T00:15')).toBe('2030-12-31T23:15:00.000Z');
    expect(instant('2030-12-31T23:55')).toBe('2030-12-31T22:55:00.000Z');
  });

  it('shows an instant as the Berlin wall-clock time of the field', () => {
    expect(berlinDateTimeLocal(new Date('2026-11-30T12:30:00.000Z'))).toBe('2026-11-30T13:30');
    expect(berlinDateTimeLocal(new Date('2030-06-01T08:00:00.000Z'))).toBe('2030-06-01T10:00');
    expect(berlinDateTimeLocal(new Date('2030-06-01T22:30:00.000Z'))).toBe('2030-06-02T00:30');
    // Seconds are not the field's: dropped, never rounded.
    expect(berlinDateTimeLocal(new Date('2030-06-01T08:00:59.999Z'))).toBe('2030-06-01T10:00');
  });

  it('goes there and back unchanged, on every quarter-hour of a day around the year', () => {
    for (const day of ['2026-01-15', '2026-03-29', '2026-07-04', '2026-10-25', '2026-12-31']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const value = `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const skipped = day === '2026-03-29' && value.slice(11, 13) === '02';
        if (!skipped) expect(berlinDateTimeLocal(berlinDateTimeLocalInstant(value)!)).toBe(value);
      }
    }
  });

  it('takes the first of the hour the clocks go back (summer time), as calendar files do', () => {
    // 25 October 2026: 02:30 CEST (00:30 UTC), then again 02:30 CET (01:30 UTC).
    expect(instant('2026-10-25T02:00')).toBe('2026-10-25T00:00:00.000Z');
    expect(instant('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(instant('2026-10-25T02:59')).toBe('2026-10-25T00:59:00.000Z');
    expect(instant('2026-10-25T03:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(berlinWallTime('2026-10-25', 2, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // Both instants show 02:30 in the field.
    expect(berlinDateTimeLocal(new Date('2026-10-25T01:30:00.000Z'))).toBe('2026-10-25T02:30');
  });

  it('moves a time of the skipped hour on by that hour (02:30 is 03:30 summer time)', () => {
    // 29 March 2026: 02:00 CET is 03:00 CEST (01:00 UTC).
    expect(instant('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(instant('2026-03-29T02:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(instant('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(instant('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(berlinDateTimeLocal(berlinDateTimeLocalInstant('2026-03-29T02:30')!)).toBe('2026-03-29T03:30');
  });

  it('drops seconds and refuses what is no date-time or no such day', () => {
    expect(instant('2030-06-01T09:30:45')).toBe('2030-06-01T07:30:00.000Z');
    expect(instant(' 2030-06-01T09:30 ')).toBe('2030-06-01T07:30:00.000Z');
    for (const value of ['', '2030-06-01', '2030-02-31T10:00', '2030-06-01T24:00', '2030-06-01T09:60', '2030-06-01 09:30', '2030-06-01T09:30Z']) {
      expect(berlinDateTimeLocalInstant(value)).toBeNull();
    }
  });
});
