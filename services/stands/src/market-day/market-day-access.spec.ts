import { describe, expect, it } from 'vitest';
import { API_ERRORS, CHECK_IN_CLOCK_SKEW_MS, MARKET_DAY_MESSAGES, type TEventStatus } from '@flohmarkt/contracts';
import { checkInWindow } from '@flohmarkt/contracts';
import { absenceShows, checkInDecision, checkInTimeProblem, marketDayDecision, teamMaySeeStand, walkUpDecision } from './market-day-access.js';

const organiser = { id: 'organiser', role: 'organizer' as const };
const coOrganiser = { id: 'co', role: 'participant' as const };
const helper = { id: 'helper', role: 'participant' as const };
const admin = { id: 'admin', role: 'admin' as const };
const seller = { id: 'seller', role: 'participant' as const };
const stranger = { id: 'stranger', role: 'organizer' as const };

// Saturday 13 June 2026, 10:00–16:00 in Berlin: the day ends at 2026-06-13T22:00Z.
const event = {
  organizerId: 'organiser',
  allowStandRegistration: true,
  registrationDeadline: null,
  startDateTime: '2026-06-13T08:00:00.000Z',
  endDateTime: '2026-06-13T14:00:00.000Z',
  status: 'planned' as TEventStatus,
  team: [
    { userId: 'co', role: 'co-organizer' as const },
    { userId: 'helper', role: 'helper' as const },
  ],
};
const approved = { exhibitorId: 'seller', status: 'approved' as const };
const onTheDay = new Date('2026-06-13T09:00:00.000Z');
const window = { from: new Date('2026-06-12T08:00:00.000Z'), until: new Date('2026-06-13T22:00:00.000Z') };

describe('checkInWindow', () => {
  it('runs from 24 hours before the start to 24:00 Berlin time of the last day', () => {
    expect(checkInWindow(event)).toEqual(window);
  });
});

describe('checkInDecision', () => {
  it('lets the organiser, the team (helpers included) and admins tick an approved stand in the window', () => {
    for (const caller of [organiser, coOrganiser, helper, admin]) {
      expect(checkInDecision(caller, approved, event, onTheDay)).toEqual({ allowed: true, window });
    }
  });

  it('refuses the seller and strangers (403), and hides a pending stand from them and from helpers (404)', () => {
    for (const caller of [seller, stranger]) {
      expect(checkInDecision(caller, approved, event, onTheDay)).toEqual({
        allowed: false,
        code: 'FORBIDDEN',
        message: MARKET_DAY_MESSAGES.marketDayForbidden,
      });
    }
    const pending = { exhibitorId: 'seller', status: 'pending' as const };
    expect(checkInDecision(stranger, pending, event, onTheDay)).toEqual({ allowed: false, code: 'NOT_FOUND', message: API_ERRORS.standNotFound });
    expect(checkInDecision(helper, pending, event, onTheDay)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a team without its facts: a market read without its team grants nothing', () => {
    expect(checkInDecision(helper, approved, { ...event, team: undefined }, onTheDay)).toMatchObject({ code: 'FORBIDDEN' });
    expect(checkInDecision(admin, approved, null, onTheDay)).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers 409 for a stand that is not approved: pending for the organiser, released for a helper', () => {
    expect(checkInDecision(organiser, { exhibitorId: 'seller', status: 'pending' }, event, onTheDay)).toEqual({
      allowed: false,
      code: 'CONFLICT',
      message: MARKET_DAY_MESSAGES.checkInNotApproved,
    });
    expect(checkInDecision(helper, { exhibitorId: 'seller', status: 'released' }, event, onTheDay)).toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses outside the window and at a cancelled market (403)', () => {
    const outside = { allowed: false, code: 'FORBIDDEN', message: MARKET_DAY_MESSAGES.checkInOutsideDay };
    expect(checkInDecision(helper, approved, event, new Date(window.from.getTime() - 1))).toEqual(outside);
    expect(checkInDecision(helper, approved, event, window.from)).toMatchObject({ allowed: true });
    expect(checkInDecision(helper, approved, event, new Date(window.until.getTime() - 1))).toMatchObject({ allowed: true });
    expect(checkInDecision(helper, approved, event, window.until)).toEqual(outside);
    expect(checkInDecision(organiser, approved, { ...event, status: 'cancelled' }, onTheDay)).toEqual(outside);
  });
});

describe('checkInTimeProblem', () => {
  it('takes a tick from the window’s start up to the clock skew ahead of the server', () => {
    expect(checkInTimeProblem(window.from, window, onTheDay)).toBeNull();
    expect(checkInTimeProblem(new Date(onTheDay.getTime() + CHECK_IN_CLOCK_SKEW_MS), window, onTheDay)).toBeNull();
  });

  it('refuses a tick further in the future, before the window, or no time at all', () => {
    expect(checkInTimeProblem(new Date(onTheDay.getTime() + CHECK_IN_CLOCK_SKEW_MS + 1), window, onTheDay)).toBe(MARKET_DAY_MESSAGES.invalidCheckInTime);
    expect(checkInTimeProblem(new Date(window.from.getTime() - 1), window, onTheDay)).toBe(MARKET_DAY_MESSAGES.checkInOutsideDay);
    expect(checkInTimeProblem(new Date('kein Datum'), window, onTheDay)).toBe(MARKET_DAY_MESSAGES.invalidCheckInTime);
  });
});

describe('marketDayDecision', () => {
  it('answers each reader’s part: organiser for organiser and admins, else the team role', () => {
    expect(marketDayDecision(organiser, event)).toEqual({ allowed: true, role: 'organizer' });
    expect(marketDayDecision(admin, event)).toEqual({ allowed: true, role: 'organizer' });
    expect(marketDayDecision(coOrganiser, event)).toEqual({ allowed: true, role: 'co-organizer' });
    expect(marketDayDecision(helper, event)).toEqual({ allowed: true, role: 'helper' });
  });

  it('refuses everyone else', () => {
    for (const caller of [seller, stranger, null]) {
      expect(marketDayDecision(caller, event)).toEqual({ allowed: false, code: 'FORBIDDEN', message: MARKET_DAY_MESSAGES.marketDayForbidden });
    }
  });
});

describe('teamMaySeeStand', () => {
  it('shows a released stand to the team, not to the public', () => {
    const released = { exhibitorId: 'seller', status: 'released' as const };
    expect(teamMaySeeStand(helper, released, event)).toBe(true);
    expect(teamMaySeeStand(stranger, released, event)).toBe(false);
    expect(teamMaySeeStand(null, released, event)).toBe(false);
  });
});

describe('walkUpDecision', () => {
  const closed = { ...event, allowStandRegistration: false, registrationDeadline: '2026-06-01T00:00:00.000Z' };

  it('lets the team enter walk-ups even with registration switched off and past its deadline', () => {
    for (const caller of [organiser, coOrganiser, helper, admin]) expect(walkUpDecision(caller, closed, onTheDay)).toEqual({ allowed: true });
  });

  it('refuses anyone else with the organiser-only sentence', () => {
    expect(walkUpDecision(seller, event, onTheDay)).toEqual({ allowed: false, code: 'FORBIDDEN', message: MARKET_DAY_MESSAGES.walkUpForbidden });
  });

  it('refuses at a cancelled or ended market, helpers and organisers alike', () => {
    for (const caller of [organiser, helper]) {
      expect(walkUpDecision(caller, { ...event, status: 'cancelled' }, onTheDay)).toMatchObject({ message: API_ERRORS.registrationEventCancelled });
      expect(walkUpDecision(caller, event, new Date('2026-06-13T14:00:00.000Z'))).toMatchObject({ message: API_ERRORS.registrationEventEnded });
    }
  });
});

describe('absenceShows', () => {
  const tickedTheEveningBefore = new Date('2026-06-12T18:00:00.000Z');

  it('shows a "nicht da" from the start to the end of the day, also one ticked the evening before', () => {
    expect(absenceShows(event, tickedTheEveningBefore, new Date('2026-06-13T07:59:59.999Z'))).toBe(false);
    expect(absenceShows(event, tickedTheEveningBefore, new Date('2026-06-13T08:00:00.000Z'))).toBe(true);
    expect(absenceShows(event, tickedTheEveningBefore, new Date('2026-06-13T21:59:59.999Z'))).toBe(true);
    expect(absenceShows(event, tickedTheEveningBefore, window.until)).toBe(false);
  });

  it('ignores a tick of an earlier date (the market moved) and a cancelled market', () => {
    expect(absenceShows(event, new Date(window.from.getTime() - 1), onTheDay)).toBe(false);
    expect(absenceShows({ ...event, status: 'cancelled' }, tickedTheEveningBefore, onTheDay)).toBe(false);
  });
});
