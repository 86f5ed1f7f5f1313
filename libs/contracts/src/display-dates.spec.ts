import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatTime, formatYear } from './display-dates.js';

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
});
