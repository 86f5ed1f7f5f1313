// @vitest-environment node
import type { TMarketDay, TMarketDayStand } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { groupByStreet, matchesSearch, mergeTicks } from './day-view';

/* The list as the phone shows it: waiting ticks over the server's list, counts, streets (issue 36). */

function stand(id: string, overrides: Partial<TMarketDayStand> = {}): TMarketDayStand {
  return {
    id,
    label: `Stand #${id}`,
    standNumber: id,
    street: 'Bergmannstraße',
    houseNumber: id,
    name: null,
    status: 'approved',
    walkUp: false,
    confirmation: 'not-asked',
    checkIn: 'unknown',
    checkInAt: null,
    checkInBy: null,
    liveState: null,
    ...overrides,
  };
}

function day(stands: TMarketDayStand[]): TMarketDay {
  return {
    eventId: '00000001-0000-4000-8000-000000000036',
    role: 'helper',
    reconfirmation: { enabled: false, askHoursBefore: 72, deadlineHoursBefore: 24 },
    remindedAt: null,
    counts: { approved: 3, confirmed: 0, open: 0, released: 0, present: 1, absent: 0, unknown: 2, walkUps: 0, pending: 0, freePlaces: 5 },
    stands,
    serverTime: '2030-06-01T08:10:00.000Z',
  };
}

describe('mergeTicks', () => {
  it('shows a waiting tick over the server’s state, marked, and moves the counts with it', () => {
    const server = day([stand('1', { checkIn: 'present', checkInAt: '2030-06-01T07:50:00.000Z' }), stand('2'), stand('3')]);
    const { stands, counts } = mergeTicks(server, [
      { standId: '2', state: 'absent', at: '2030-06-01T08:00:00.000Z' },
      { standId: '1', state: 'unknown', at: '2030-06-01T08:01:00.000Z' },
    ]);
    expect(stands.map((s) => [s.id, s.checkIn, s.unsynced])).toEqual([
      ['1', 'unknown', true],
      ['2', 'absent', true],
      ['3', 'unknown', false],
    ]);
    expect(counts).toMatchObject({ present: 0, absent: 1, unknown: 2, freePlaces: 5 });
  });

  it('lets a later tick the server already holds (another helper’s) win over an older waiting one', () => {
    const server = day([stand('1', { checkIn: 'present', checkInAt: '2030-06-01T08:05:00.000Z' })]);
    const { stands, counts } = mergeTicks(server, [{ standId: '1', state: 'absent', at: '2030-06-01T08:00:00.000Z' }]);
    expect(stands[0]).toMatchObject({ checkIn: 'present', unsynced: false });
    expect(counts.present).toBe(1);
  });

  it('never ticks a released place', () => {
    const server = day([stand('1', { status: 'released', confirmation: 'released' })]);
    const { stands } = mergeTicks(server, [{ standId: '1', state: 'present', at: '2030-06-01T08:00:00.000Z' }]);
    expect(stands[0]).toMatchObject({ checkIn: 'unknown', unsynced: false, tickable: false });
  });
});

describe('groupByStreet', () => {
  it('keeps the walk order of the streets and puts each street’s released places at its end', () => {
    const { stands } = mergeTicks(
      day([
        stand('1', { street: 'Zossener Straße' }),
        stand('2', { street: 'Zossener Straße', status: 'released' }),
        stand('3', { street: 'Zossener Straße' }),
        stand('4', { street: 'Bergmannstraße' }),
        stand('5', { street: null }),
      ]),
      [],
    );
    expect(groupByStreet(stands).map((g) => [g.street, g.stands.map((s) => s.id)])).toEqual([
      ['Zossener Straße', ['1', '3', '2']],
      ['Bergmannstraße', ['4']],
      [null, ['5']],
    ]);
  });
});

describe('matchesSearch', () => {
  it('finds a stand by its label, its number or its seller’s name, ignoring case and spaces around', () => {
    const s = stand('17', { label: 'Hof 7 – Bücherkiste', name: 'Erika M.' });
    expect(matchesSearch(s, ' bücher ')).toBe(true);
    expect(matchesSearch(s, '17')).toBe(true);
    expect(matchesSearch(s, 'erika')).toBe(true);
    expect(matchesSearch(s, 'Lampe')).toBe(false);
    expect(matchesSearch(s, '')).toBe(true);
  });
});
