import { describe, expect, it } from 'vitest';
import { eventDayWindow, isEventDay } from './berlin-time.js';

describe('the event day in Europe/Berlin', () => {
  // 10:00–16:00 Berlin summer time on 2026-06-13.
  const event = { startDateTime: '2026-06-13T08:00:00.000Z', endDateTime: '2026-06-13T14:00:00.000Z' };

  it('runs from 00:00 to 24:00 Berlin time of the event date', () => {
    expect(eventDayWindow(event)).toEqual({ from: new Date('2026-06-12T22:00:00.000Z'), until: new Date('2026-06-13T22:00:00.000Z') });
    expect(isEventDay(event, new Date('2026-06-12T21:59:59.999Z'))).toBe(false);
    expect(isEventDay(event, new Date('2026-06-12T22:00:00.000Z'))).toBe(true);
    expect(isEventDay(event, new Date('2026-06-13T21:59:59.999Z'))).toBe(true);
    expect(isEventDay(event, new Date('2026-06-13T22:00:00.000Z'))).toBe(false);
  });

  it('spans every day of a market over several days, across the change of clocks', () => {
    // Saturday 24 to Sunday 25 October 2026: clocks go back on Sunday morning.
    const weekend = { startDateTime: '2026-10-24T07:00:00.000Z', endDateTime: '2026-10-25T15:00:00.000Z' };
    expect(eventDayWindow(weekend)).toEqual({ from: new Date('2026-10-23T22:00:00.000Z'), until: new Date('2026-10-25T23:00:00.000Z') });
  });
});
