import { describe, expect, it } from 'vitest';
import { marketWhen } from './notice-dates.js';

describe('marketWhen', () => {
  it('writes a one-day market in Berlin time with its weekday (summer time)', () => {
    expect(marketWhen(new Date('2026-06-06T06:00:00Z'), new Date('2026-06-06T14:00:00Z'))).toBe('Samstag, 6. Juni 2026, 08:00–16:00 Uhr');
  });

  it('names both days of a market that spans days (winter time)', () => {
    expect(marketWhen(new Date('2026-11-28T09:00:00Z'), new Date('2026-11-29T16:30:00Z'))).toBe(
      'Samstag, 28. November 2026, 10:00 Uhr bis Sonntag, 29. November 2026, 17:30 Uhr',
    );
  });
});
