import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { planRoute } from '@flohmarkt/route-planner';
import { isUniqueViolation } from './shared/input.js';
import { STAND_NUMBER_INDEX, StandNumbering } from './numbering/stand-numbering.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';
import { newStand } from './testing/fixtures.js';

/*
 * Stand numbers in one click (issue 18, item 4) against a real database: unique per event, kept
 * when stands are added, never given twice, and both orders number every approved stand once.
 */

let ds: DataSource;
let commands: StandCommands;
let numbering: StandNumbering;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  commands = new StandCommands(ds);
  numbering = new StandNumbering(ds);
});

beforeEach(async () => {
  await ds.query(
    'TRUNCATE stands.stands, stands.reviews, stands.outbox, stands.approved_count_versions, stands.exhibitor_stats_versions, stands.stand_number_marks',
  );
});

const MARKET = { lat: 52.5, lng: 13.4 };
// About 1 m in degrees at 52.5° N.
const M_LAT = 1 / 111_195;
const M_LNG = 1 / (111_195 * Math.cos((52.5 * Math.PI) / 180));

/** A guest stand `eastM`/`northM` metres from the market's centre (no position when left out). */
async function stand(
  eventId: string,
  options: { eastM?: number; northM?: number; number?: string | null; status?: 'approved' | 'pending' } = {},
): Promise<string> {
  const placed = options.eastM !== undefined;
  const position = placed
    ? { latitude: (MARKET.lat + (options.northM ?? 0) * M_LAT).toFixed(8), longitude: (MARKET.lng + options.eastM! * M_LNG).toFixed(8) }
    : {};
  const row = newStand({ eventId, standNumber: options.number ?? null, description: 'Bücher und Schallplatten', guestFirstName: 'Gerda', ...position });
  const { stand: created } = await commands.registerGuestStand(row, null);
  if ((options.status ?? 'approved') === 'approved') await commands.setStatus(created.id, 'approved');
  return created.id;
}

async function numberOf(id: string): Promise<string | null> {
  return (await ds.getRepository(StandEntity).findOneByOrFail({ id })).standNumber;
}

async function refusal(write: Promise<unknown>): Promise<unknown> {
  return write.then(
    () => null,
    (err: unknown) => err,
  );
}

describe('unique per event', () => {
  it('refuses a number another approved stand of the event has, also written differently, and leaves both as they were', async () => {
    const eventId = randomUUID();
    const [a, b] = [await stand(eventId, { number: 'Hof 17' }), await stand(eventId, { number: '7' })];
    for (const taken of ['7', '07', ' 7 '])
      expect(isUniqueViolation(await refusal(commands.update(a, { standNumber: taken })), STAND_NUMBER_INDEX), taken).toBe(true);
    expect(isUniqueViolation(await refusal(commands.update(b, { standNumber: 'hof  17' })), STAND_NUMBER_INDEX)).toBe(true);
    expect([await numberOf(a), await numberOf(b)]).toEqual(['Hof 17', '7']);

    // Another event may have the same numbers; a stand may keep its own.
    await stand(randomUUID(), { number: '7' });
    await commands.update(b, { standNumber: '7' });
    expect(await numberOf(b)).toBe('7');
  });

  it('takes a registration that wishes for a taken number, and refuses approving it until the number changes', async () => {
    const eventId = randomUUID();
    await stand(eventId, { number: '3' });
    const wish = await stand(eventId, { number: '3', status: 'pending' });
    expect(isUniqueViolation(await refusal(commands.approve(wish)), STAND_NUMBER_INDEX)).toBe(true);
    expect((await ds.getRepository(StandEntity).findOneByOrFail({ id: wish })).status).toBe('pending');

    await commands.update(wish, { standNumber: '3a' });
    expect((await commands.approve(wish)).status).toBe('approved');
  });

  it('frees a number when its stand is withdrawn, for the organiser to give by hand', async () => {
    const eventId = randomUUID();
    const [a, b] = [await stand(eventId, { number: '5' }), await stand(eventId)];
    await commands.withdraw(a);
    await commands.update(b, { standNumber: '5' });
    expect(await numberOf(b)).toBe('5');
  });
});

describe('numbering', () => {
  it('numbers only approved stands without a number, continuing after the highest plain number', async () => {
    const eventId = randomUUID();
    const byHand = await stand(eventId, { number: '12', eastM: 0 });
    const named = await stand(eventId, { number: 'Waffelstand', eastM: 10 });
    const fresh = [await stand(eventId, { eastM: 20 }), await stand(eventId, { eastM: 30 })];
    const pending = await stand(eventId, { eastM: 40, status: 'pending' });

    const numbered = await numbering.number(eventId, 'street', MARKET);
    expect(numbered.map((s) => [s.id, s.standNumber])).toEqual([
      [fresh[0], '13'],
      [fresh[1], '14'],
    ]);
    expect([await numberOf(byHand), await numberOf(named), await numberOf(pending)]).toEqual(['12', 'Waffelstand', null]);
  });

  it('keeps given numbers when stands are added: a second click numbers the new ones only', async () => {
    const eventId = randomUUID();
    const first = [await stand(eventId, { eastM: 0 }), await stand(eventId, { eastM: 20 }), await stand(eventId, { eastM: 40 })];
    expect((await numbering.number(eventId, 'walk', MARKET)).map((s) => s.standNumber)).toEqual(['1', '2', '3']);

    const later = [await stand(eventId, { eastM: -20 }), await stand(eventId)];
    const second = await numbering.number(eventId, 'walk', MARKET);
    expect(second.map((s) => [s.id, s.standNumber])).toEqual([
      [later[0], '4'],
      [later[1], '5'],
    ]);
    expect(await Promise.all(first.map(numberOf))).toEqual(['1', '2', '3']);
    expect(await numbering.number(eventId, 'street', MARKET)).toEqual([]);
  });

  it('never gives a number twice: not after its stand is withdrawn or deleted, nor one given by hand once', async () => {
    const eventId = randomUUID();
    const [a, b, c] = [await stand(eventId, { eastM: 0 }), await stand(eventId, { eastM: 20 }), await stand(eventId, { eastM: 40 })];
    await numbering.number(eventId, 'street', MARKET);
    expect(await numberOf(c)).toBe('3');
    await commands.withdraw(c);
    await commands.remove([b]);
    expect((await numbering.number(eventId, 'street', MARKET)).length).toBe(0);

    const next = await stand(eventId, { eastM: 60 });
    expect((await numbering.number(eventId, 'street', MARKET)).map((s) => s.standNumber)).toEqual(['4']);

    // A number typed by hand counts too, and stays used after the stand is gone.
    await commands.update(a, { standNumber: '20' });
    await commands.remove([a]);
    await stand(eventId, { eastM: 80 });
    expect((await numbering.number(eventId, 'street', MARKET)).map((s) => s.standNumber)).toEqual(['21']);
    expect(await numberOf(next)).toBe('4');
  });

  it('two clicks at once number each stand once', async () => {
    const eventId = randomUUID();
    for (let i = 0; i < 12; i++) await stand(eventId, { eastM: i * 15 });
    const [one, two] = await Promise.all([numbering.number(eventId, 'walk', MARKET), numbering.number(eventId, 'street', MARKET)]);
    expect(one.length + two.length).toBe(12);
    const numbers = (await ds.getRepository(StandEntity).findBy({ eventId })).map((s) => Number(s.standNumber)).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('both orders', () => {
  for (const order of ['street', 'walk'] as const) {
    it(`${order}: every approved stand once, numbers 1 to n, stands without a position last`, async () => {
      const eventId = randomUUID();
      const placed: string[] = [];
      for (let street = 0; street < 4; street++)
        for (let i = 0; i < 10; i++) placed.push(await stand(eventId, { eastM: i * 18, northM: street * 70 + (i % 2 ? 5 : -5) }));
      const unplaced = [await stand(eventId), await stand(eventId)];
      await stand(eventId, { eastM: 5, status: 'pending' });

      const numbered = await numbering.number(eventId, order, MARKET);
      expect(numbered.map((s) => s.standNumber)).toEqual(Array.from({ length: 42 }, (_, i) => String(i + 1)));
      expect(numbered.map((s) => s.id).sort()).toEqual([...placed, ...unplaced].sort());
      expect(numbered.slice(40).map((s) => s.id)).toEqual(unplaced);
    });
  }

  it('street: one street after the other, the next one walked back', async () => {
    const eventId = randomUUID();
    const streets: string[][] = [[], []];
    for (const [street, north] of [0, 60].entries())
      for (let i = 0; i < 5; i++) streets[street]!.push(await stand(eventId, { eastM: i * 20, northM: north + (i % 2 ? 4 : -4) }));
    const numbered = await numbering.number(eventId, 'street', { lat: MARKET.lat - 20 * M_LAT, lng: MARKET.lng - 20 * M_LNG });
    expect(numbered.map((s) => s.id)).toEqual([...streets[0]!, ...[...streets[1]!].reverse()]);
  });

  it('walk: the route planner’s shortest walk from the start', async () => {
    const eventId = randomUUID();
    const offsets = [
      [120, 40],
      [-30, 80],
      [60, -50],
      [0, 10],
      [200, 0],
      [90, 90],
      [-60, -20],
      [30, 150],
      [150, -80],
      [10, -100],
    ];
    for (const [eastM, northM] of offsets) await stand(eventId, { eastM, northM });
    const start = { lat: MARKET.lat + 30 * M_LAT, lng: MARKET.lng + 30 * M_LNG };
    const stops = (await ds.getRepository(StandEntity).findBy({ eventId })).map((s) => ({ id: s.id, lat: Number(s.latitude), lng: Number(s.longitude) }));

    const numbered = await numbering.number(eventId, 'walk', start);
    expect(numbered.map((s) => s.id)).toEqual(planRoute({ stops, start, loop: false, mode: 'walk' }).order);
  });
});
