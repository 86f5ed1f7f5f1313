import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso, parseLocalInput, roundToStep } from './date-time';

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

  it('send ISO strings with a zone and read them back as local input values', () => {
    const iso = localInputToIso('2030-06-01T09:30');
    expect(iso).toMatch(/^2030-06-0\dT\d{2}:\d{2}:00\.000Z$/);
    expect(new Date(iso).getHours()).toBe(9);
    expect(new Date(iso).getMinutes()).toBe(30);
    expect(isoToLocalInput(iso)).toBe('2030-06-01T09:30');
    expect(localInputToIso('')).toBe('');
    expect(isoToLocalInput(null)).toBe('');
  });
});
