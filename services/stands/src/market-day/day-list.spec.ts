import { describe, expect, it } from 'vitest';
import type { TMarketDayStand } from '@flohmarkt/contracts';
import { dayCounts, inWalkOrder } from './day-list.js';

let ids = 0;
function stand(values: Partial<TMarketDayStand>): TMarketDayStand {
  ids += 1;
  return {
    id: `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    label: 'Stand ohne Nummer',
    standNumber: null,
    street: null,
    houseNumber: null,
    name: null,
    status: 'approved',
    walkUp: false,
    confirmation: 'not-asked',
    checkIn: 'unknown',
    checkInAt: null,
    checkInBy: null,
    liveState: null,
    ...values,
  };
}

describe('inWalkOrder', () => {
  it('goes street by street, the house numbers in natural order, then stand number and label; no street last', () => {
    const stands = [
      stand({ label: 'ohne Straße', standNumber: '1' }),
      stand({ label: 'Zülpicher 10a', street: 'Zülpicher Straße', houseNumber: '10a' }),
      stand({ label: 'Ährenweg 3', street: 'Ährenweg', houseNumber: '3' }),
      stand({ label: 'Zülpicher 10', street: 'Zülpicher Straße', houseNumber: '10' }),
      stand({ label: 'Zülpicher 2', street: 'Zülpicher Straße', houseNumber: '2' }),
      stand({ label: 'Zülpicher ohne Nummer', street: 'Zülpicher Straße' }),
      stand({ label: 'B', street: 'Berliner Straße', houseNumber: '5', standNumber: '10' }),
      stand({ label: 'A', street: 'Berliner Straße', houseNumber: '5', standNumber: '2' }),
      stand({ label: 'Anna', street: 'Berliner Straße', houseNumber: '5', standNumber: '2' }),
    ];
    const order = inWalkOrder(stands).map((s) => s.label);
    expect(order).toEqual(['Ährenweg 3', 'A', 'Anna', 'B', 'Zülpicher 2', 'Zülpicher 10', 'Zülpicher 10a', 'Zülpicher ohne Nummer', 'ohne Straße']);
    expect(inWalkOrder([...stands].reverse()).map((s) => s.label)).toEqual(order);
  });
});

describe('dayCounts', () => {
  const stands = [
    stand({ confirmation: 'confirmed', checkIn: 'present' }),
    stand({ confirmation: 'asked', checkIn: 'absent' }),
    stand({ confirmation: 'confirmed', walkUp: true, checkIn: 'present' }),
    stand({ confirmation: 'not-asked' }),
    stand({ status: 'released', confirmation: 'released', checkIn: 'absent' }),
  ];

  it('counts the approved stands (walk-ups included) by reconfirmation and check-in, the released ones apart', () => {
    expect(dayCounts(stands, null, false)).toEqual({
      approved: 4,
      confirmed: 2,
      open: 1,
      released: 1,
      present: 2,
      absent: 1,
      unknown: 1,
      walkUps: 1,
      pending: 0,
      freePlaces: null,
    });
  });

  it('counts the pending stands off the list as taken places, as the overview does (a stand moved up from the waitlist holds its place)', () => {
    // The tester's market: a cap of 3, one seller said "nein", the waitlisted stand moved up to pending.
    const day = [stand({}), stand({}), stand({ status: 'released', confirmation: 'released' })];
    expect(dayCounts(day, 3, false, 1)).toMatchObject({ approved: 2, released: 1, pending: 1, freePlaces: 0 });
    expect(dayCounts(day, 3, false, 0).freePlaces).toBe(1);
    // From the start an absent approved stand frees its place; a pending one still holds it.
    expect(dayCounts([stand({ checkIn: 'absent' }), ...day.slice(1)], 3, true, 1).freePlaces).toBe(1);
  });

  it('frees the places of absent stands from the start only, never below zero', () => {
    expect(dayCounts(stands, 6, false).freePlaces).toBe(2);
    expect(dayCounts(stands, 6, true).freePlaces).toBe(3);
    expect(dayCounts(stands, 2, false).freePlaces).toBe(0);
  });
});
