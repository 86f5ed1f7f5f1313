// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso, parseLocalInput, roundToStep, toLocalInput } from './date-time';

describe('date-time inputs', () => {
  it('round minutes to the nearest 5', () => {
    expect(roundToStep('2030-06-01T09:32')).toBe('2030-06-01T09:30');
    expect(roundToStep('2030-06-01T09:33')).toBe('2030-06-01T09:35');
    expect(roundToStep('2030-06-01T09:35')).toBe('2030-06-01T09:35');
    expect(roundToStep('2030-06-01T09:37:59')).toBe('2030-06-01T09:35');
    expect(roundToStep('2030-06-01T09:38')).toBe('2030-06-01T09:40');
  });

  it('carry over into the next hour and the next day', () => {
    expect(roundToStep('2030-06-01T09:58')).toBe('2030-06-01T10:00');
    expect(roundToStep('2030-12-31T23:58')).toBe('2031-01-01T00:00');
  });

  it('leave incomplete or impossible values alone for the schema to report', () => {
    expect(roundToStep('')).toBe('');
    expect(roundToStep('2030-06-01')).toBe('2030-06-01');
    expect(parseLocalInput('2030-02-31T10:00')).toBeNull();
  });

  it('send ISO strings with a zone and read them back as input values', () => {
    const iso = localInputToIso('2030-06-01T09:30');
    expect(isoToLocalInput(iso)).toBe('2030-06-01T09:30');
    expect(localInputToIso('')).toBe('');
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('kein Datum')).toBe('');
  });
});

/*
 * A market's times are Berlin times whatever the zone of the organiser's device. The expectations are
 * UTC instants, so in any zone but Berlin's (this machine's, `TZ=UTC` or `TZ=America/New_York`) they fail
 * for fields read in the browser's zone.
 */
describe('date-time inputs in Berlin time, whatever the browser’s zone', () => {
  it('read a typed time as Berlin time, in winter and in summer', () => {
    // The review's case: 13:30 typed on 30 November is 13:30 in Berlin (12:30 UTC), as the page then shows it.
    expect(localInputToIso('2026-11-30T13:30')).toBe('2026-11-30T12:30:00.000Z');
    expect(localInputToIso('2030-06-01T09:30')).toBe('2030-06-01T07:30:00.000Z');
    expect(parseLocalInput('2030-06-01T00:15')?.toISOString()).toBe('2030-05-31T22:15:00.000Z');
    // Rounded first, then read in Berlin.
    expect(localInputToIso(roundToStep('2026-11-30T13:32'))).toBe('2026-11-30T12:30:00.000Z');
  });

  it('show a saved market in its Berlin time (10:00 on the page is 10:00 in the field)', () => {
    expect(isoToLocalInput('2030-06-01T08:00:00.000Z')).toBe('2030-06-01T10:00');
    expect(isoToLocalInput('2030-12-01T09:00:00.000Z')).toBe('2030-12-01T10:00');
    // Late in the UTC evening it is already the next day in Berlin.
    expect(isoToLocalInput('2030-12-31T23:30:00.000Z')).toBe('2031-01-01T00:30');
    expect(toLocalInput(new Date('2026-11-30T12:30:00.000Z'))).toBe('2026-11-30T13:30');
  });

  it('take the first 02:30 of the night the clocks go back, and 03:30 for the skipped 02:30 of the spring', () => {
    expect(localInputToIso('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(localInputToIso('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    // Rounding writes the skipped hour back as the time saved; the repeated one stays as typed.
    expect(roundToStep('2026-03-29T02:32')).toBe('2026-03-29T03:30');
    expect(roundToStep('2026-10-25T02:32')).toBe('2026-10-25T02:30');
    expect(roundToStep('2026-03-29T01:58')).toBe('2026-03-29T03:00');
  });
});
