import { describe, expect, it } from 'vitest';
import { eventRoleOf, managesEvent, ownsEvent, runsMarketDay, type MarketFacts } from './event-management.js';

const ORGANIZER = '00000000-0000-4000-8000-000000000001';
const CO = '00000000-0000-4000-8000-000000000002';
const HELPER = '00000000-0000-4000-8000-000000000003';
const STRANGER = '00000000-0000-4000-8000-000000000004';

const market: MarketFacts = {
  organizerId: ORGANIZER,
  team: [
    { userId: CO, role: 'co-organizer' },
    { userId: HELPER, role: 'helper' },
  ],
};
const as = (id: string, role: 'participant' | 'organizer' | 'admin' = 'participant') => ({ id, role });

describe('who may do what with a market', () => {
  it('gives the organiser and admins every power', () => {
    for (const caller of [as(ORGANIZER, 'organizer'), as(STRANGER, 'admin')]) {
      expect([ownsEvent(caller, market), managesEvent(caller, market), runsMarketDay(caller, market)]).toEqual([true, true, true]);
      expect(eventRoleOf(caller, market)).toBe('organizer');
    }
  });

  it('lets a co-organiser manage the market and run its day, but not own it', () => {
    expect([ownsEvent(as(CO), market), managesEvent(as(CO), market), runsMarketDay(as(CO), market)]).toEqual([false, true, true]);
  });

  it('lets a helper run the day only', () => {
    expect([ownsEvent(as(HELPER), market), managesEvent(as(HELPER), market), runsMarketDay(as(HELPER), market)]).toEqual([false, false, true]);
    expect(eventRoleOf(as(HELPER), market)).toBe('helper');
  });

  it('gives strangers, signed-out callers and a market read without its team nothing', () => {
    expect(runsMarketDay(as(STRANGER), market)).toBe(false);
    expect(runsMarketDay(null, market)).toBe(false);
    expect(runsMarketDay(as(HELPER), { organizerId: ORGANIZER })).toBe(false);
    expect(managesEvent(as(CO), { organizerId: ORGANIZER, team: null })).toBe(false);
  });

  it('lets only admins handle a market that is not known', () => {
    expect(managesEvent(as(STRANGER, 'admin'), null)).toBe(true);
    expect(managesEvent(as(ORGANIZER, 'organizer'), null)).toBe(false);
  });
});
