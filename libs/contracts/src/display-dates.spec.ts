import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatEventSpan, formatLongDate, formatRegistrationDeadline, formatTime, formatYear } from './display-dates.js';

describe('format (de-DE, Europe/Berlin)', () => {
  it('formats in German and Berlin time, whatever the machine zone', () => {
    // 22:30 UTC on 31 May is already 1 June in Berlin (summer time).
    const value = '2025-05-31T22:30:00Z';
    expect(formatDate(value)).toBe('01.06.2025');
    expect(formatTime(value)).toBe('00:30');
    expect(formatDateTime(value)).toBe('01.06.2025, 00:30');
    expect(formatLongDate(value)).toBe('Sonntag, 1. Juni 2025');
  });

  it('uses winter time in winter and the Berlin year at New Year', () => {
    expect(formatTime(new Date('2025-01-15T08:00:00Z'))).toBe('09:00');
    expect(formatYear('2025-12-31T23:30:00Z')).toBe('2026');
  });

  it('gives a market within one Berlin day one date and a market over two days both of them', () => {
    expect(formatEventSpan('2025-05-24T07:00:00Z', '2025-05-24T14:00:00Z')).toBe('Sa 24.05.2025 · 09:00–16:00 Uhr');
    expect(formatEventSpan('2026-11-23T07:00:00Z', '2026-11-24T15:00:00Z')).toBe('Mo 23.11.2026 08:00 – Di 24.11.2026 16:00 Uhr');
    // A night market until 23:30 in Berlin is one day there, whatever zone the machine runs in.
    expect(formatEventSpan('2025-07-12T16:00:00Z', '2025-07-12T21:30:00Z')).toBe('Sa 12.07.2025 · 18:00–23:30 Uhr');
  });

  it('tells the registration deadline with weekday, day, month and time in Berlin', () => {
    expect(formatRegistrationDeadline('2026-06-12T16:00:00Z')).toBe('Anmeldung bis Fr 12.06., 18:00 Uhr');
    expect(formatRegistrationDeadline('2026-12-04T22:30:00Z')).toBe('Anmeldung bis Fr 04.12., 23:30 Uhr');
  });
});
