import { describe, expect, it } from 'vitest';
import { copiedDeadline, followingTimes } from './following-dates.js';

const at = (iso: string) => new Date(iso);

describe('followingTimes', () => {
  // A weekly series on Saturdays 08:00–16:00 Berlin; the edited date is 21 March 2026 (winter time).
  const before = at('2026-03-21T07:00:00.000Z');
  const later = {
    startDateTime: at('2026-03-28T07:00:00.000Z'),
    endDateTime: at('2026-03-28T15:00:00.000Z'),
    registrationDeadline: at('2026-03-27T17:00:00.000Z'),
  };

  it('moves a later date by the same days, at the new wall-clock time, across the change to summer time', () => {
    // Edited to Sunday 09:00–15:00.
    const after = { startDateTime: at('2026-03-22T08:00:00.000Z'), endDateTime: at('2026-03-22T14:00:00.000Z'), registrationDeadline: null };
    const moved = followingTimes({ before, after, deadlineGiven: false }, later);
    // Sunday 29 March is the first day of summer time: 09:00 Berlin is 07:00 UTC.
    expect(moved.startDateTime.toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(moved.endDateTime.toISOString()).toBe('2026-03-29T13:00:00.000Z');
    expect(moved.registrationDeadline?.toISOString()).toBe('2026-03-27T17:00:00.000Z');
  });

  it('gives the later date the edited distance of the deadline, or none when it was cleared', () => {
    const after = { startDateTime: before, endDateTime: at('2026-03-21T15:00:00.000Z'), registrationDeadline: at('2026-03-19T07:00:00.000Z') };
    expect(followingTimes({ before, after, deadlineGiven: true }, later).registrationDeadline?.toISOString()).toBe('2026-03-26T07:00:00.000Z');
    expect(followingTimes({ before, after: { ...after, registrationDeadline: null }, deadlineGiven: true }, later).registrationDeadline).toBeNull();
  });
});

describe('copiedDeadline', () => {
  const original = {
    startDateTime: at('2026-05-02T06:00:00.000Z'),
    endDateTime: at('2026-05-02T14:00:00.000Z'),
    registrationDeadline: at('2026-04-30T16:00:00.000Z'),
  };

  it('keeps the distance to the start, and never lies after the copy ends', () => {
    expect(copiedDeadline(original, at('2026-09-05T06:00:00.000Z'), at('2026-09-05T14:00:00.000Z'))?.toISOString()).toBe('2026-09-03T16:00:00.000Z');
    const late = { ...original, registrationDeadline: at('2026-05-02T13:00:00.000Z') };
    expect(copiedDeadline(late, at('2026-09-05T06:00:00.000Z'), at('2026-09-05T08:00:00.000Z'))?.toISOString()).toBe('2026-09-05T08:00:00.000Z');
    expect(copiedDeadline({ ...original, registrationDeadline: null }, at('2026-09-05T06:00:00.000Z'), at('2026-09-05T14:00:00.000Z'))).toBeNull();
  });
});
