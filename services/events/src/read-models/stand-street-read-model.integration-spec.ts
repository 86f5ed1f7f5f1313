import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { JOB_RETRY, QUEUES, type TJobPayload } from '@flohmarkt/contracts';
import { JsonLogger, bullConnection, bullPrefix, startConsumer, type CallerContext } from '@flohmarkt/server-kit';
import { EventsService } from '../events/events.service.js';
import { GeocodeService } from '../geocode/geocode.service.js';
import { StreetIndex } from '../geocode/street-index.js';
import { eventsJobHandlers } from '../jobs/events-job-handlers.js';
import { freshEventsDatabaseEmptiedPerTest } from '../testing/fresh-database.js';
import { StandCountReadModel } from './stand-count-read-model.js';
import { StandStreetReadModel } from './stand-street-read-model.js';
import { TeamNamesReadModel } from './team-names.js';
import { TeamService } from '../team/team.service.js';

/*
 * The stands' streets in the address search (StandStreetChanged → stand_streets → streets) against a
 * real PostgreSQL: a stand's street is found like an event's, a message applies once whatever the
 * order or repetition of delivery, a removal takes the street out (it stays while an event's or
 * another stand's address uses it), and the rows go with their event.
 */

type Change = TJobPayload<'StandStreetChanged'>;

const organizer: CallerContext = { id: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40', role: 'organizer' };
const admin: CallerContext = { id: '0b7f0e52-8a51-4f7e-a1d4-3c1f6f2a9e11', role: 'admin' };

/** Kreuzberg: the market on the Bergmannstraße, stands on streets around it. */
const MARKET = { latitude: 52.4895, longitude: 13.3935 };
const ZOSSENER = { street: 'Zossener Str.', postcode: '10961', town: 'Berlin', latitude: 52.4935, longitude: 13.3949 };
const ZOSSENER_SOUTH = { ...ZOSSENER, latitude: 52.4905, longitude: 13.3946 };

let ds: DataSource;
let events: EventsService;
let model: StandStreetReadModel;
let geocode: GeocodeService;

const names = async (q: string) => (await geocode.search({ q, limit: 5 })).map((r) => r.displayName);
const streetRows = () => ds.query('SELECT street, town, postcodes, addresses, latitude, longitude FROM events.streets ORDER BY street');

freshEventsDatabaseEmptiedPerTest(['event_addresses', 'stand_streets', 'streets'], (fresh) => {
  Logger.overrideLogger(false);
  ds = fresh.ds;
  events = new EventsService(ds);
  model = new StandStreetReadModel(ds);
  geocode = new GeocodeService(null, new StreetIndex(ds));
});

async function market(location = 'Bergmannstraße, 10961 Berlin', point = MARKET): Promise<string> {
  const created = await events.create(organizer, {
    name: 'Straßenflohmarkt Bergmannkiez',
    location,
    ...point,
    startDateTime: '2031-05-10T10:00:00+02:00',
    endDateTime: '2031-05-10T16:00:00+02:00',
  });
  return created.id;
}

describe('the stands’ streets read model', () => {
  it("makes a stand's street findable as the stands service names it, spelled out, in its town and postcode", async () => {
    const eventId = await market();
    const standId = randomUUID();
    expect(await names('Zossener Straße')).not.toContain('Zossener Straße, 10961 Berlin');

    expect(await model.apply({ standId, eventId, address: ZOSSENER, version: 1 })).toBe(true);
    expect((await geocode.search({ q: 'zossener strasse berlin', limit: 5 }))[0]).toEqual({
      displayName: 'Zossener Straße, 10961 Berlin',
      lat: ZOSSENER.latitude,
      lng: ZOSSENER.longitude,
      placeId: 'street:berlin:zossenerstrasse',
      address: { street: 'Zossener Straße', houseNumber: null, postcode: '10961', town: 'Berlin' },
    });
    expect(await names('Zossener Str 10961')).toContain('Zossener Straße, 10961 Berlin');
    // A stand gives no house number: the street is the answer, never a guessed address.
    expect((await geocode.search({ q: 'Zossener Straße 12, Berlin', limit: 5 }))[0]?.displayName).toBe('Zossener Straße, 10961 Berlin');
  });

  it('applies a message delivered twice once, and an older one arriving late not at all', async () => {
    const eventId = await market();
    const [twice, late] = [randomUUID(), randomUUID()];
    expect(await model.apply({ standId: twice, eventId, address: ZOSSENER, version: 1 })).toBe(true);
    expect(await model.apply({ standId: twice, eventId, address: ZOSSENER, version: 1 })).toBe(false);
    expect((await streetRows()).find((r: { street: string }) => r.street === 'Zossener Straße')?.addresses).toBe(1);

    // The removal overtook the street it takes back: the street must not come back with the late message.
    expect(await model.apply({ standId: late, eventId, address: null, version: 2 })).toBe(true);
    expect(await model.apply({ standId: late, eventId, address: ZOSSENER_SOUTH, version: 1 })).toBe(false);
    expect((await streetRows()).find((r: { street: string }) => r.street === 'Zossener Straße')).toMatchObject({
      addresses: 1,
      latitude: ZOSSENER.latitude,
      longitude: ZOSSENER.longitude,
    });
  });

  it('takes the street out with the last address using it, keeps it while an event or another stand uses it', async () => {
    const eventId = await market();
    const [first, second] = [randomUUID(), randomUUID()];
    await model.apply({ standId: first, eventId, address: ZOSSENER, version: 1 });
    await model.apply({ standId: second, eventId, address: { ...ZOSSENER_SOUTH, postcode: '10965' }, version: 1 });
    expect((await streetRows()).find((r: { street: string }) => r.street === 'Zossener Straße')).toMatchObject({ addresses: 2, postcodes: ['10961', '10965'] });

    // The street's point was the first stand's: another address's point takes its place, and its postcode goes.
    await model.apply({ standId: first, eventId, address: null, version: 2 });
    expect((await streetRows()).find((r: { street: string }) => r.street === 'Zossener Straße')).toMatchObject({
      addresses: 1,
      postcodes: ['10965'],
      latitude: ZOSSENER_SOUTH.latitude,
    });
    await model.apply({ standId: second, eventId, address: null, version: 2 });
    expect(await names('Zossener Straße')).not.toContain('Zossener Straße, 10961 Berlin');
    expect((await streetRows()).map((r: { street: string }) => r.street)).toEqual(['Bergmannstraße']);

    // A stand on the market's own street: one street, two addresses; each goes without taking the other's.
    const onBergmann = randomUUID();
    await model.apply({ standId: onBergmann, eventId, address: { ...ZOSSENER, street: 'Bergmannstraße', latitude: 52.4896, longitude: 13.3962 }, version: 1 });
    expect(await streetRows()).toEqual([
      { street: 'Bergmannstraße', town: 'Berlin', postcodes: ['10961'], addresses: 2, latitude: MARKET.latitude, longitude: MARKET.longitude },
    ]);
    await model.apply({ standId: onBergmann, eventId, address: null, version: 2 });
    expect(await streetRows()).toEqual([
      { street: 'Bergmannstraße', town: 'Berlin', postcodes: ['10961'], addresses: 1, latitude: MARKET.latitude, longitude: MARKET.longitude },
    ]);
  });

  it('moves the street with a newer message (another street, another point), without counting the stand twice', async () => {
    const eventId = await market();
    const standId = randomUUID();
    await model.apply({ standId, eventId, address: ZOSSENER, version: 1 });
    await model.apply({ standId, eventId, address: { ...ZOSSENER, street: 'Solmsstraße', latitude: 52.4882, longitude: 13.393 }, version: 2 });
    expect((await streetRows()).map((r: { street: string; addresses: number }) => [r.street, r.addresses])).toEqual([
      ['Bergmannstraße', 1],
      ['Solmsstraße', 1],
    ]);
  });

  it("lets the stands' streets go with their event, and keeps nothing of a message about an event it does not have", async () => {
    const eventId = await market('Rheinaue, Bonn', { latitude: 50.7136, longitude: 7.1487 });
    await model.apply({ standId: randomUUID(), eventId, address: ZOSSENER, version: 1 });
    expect(await names('Zossener Straße')).toContain('Zossener Straße, 10961 Berlin');

    await events.remove(admin, eventId);
    expect(await ds.query('SELECT * FROM events.stand_streets')).toEqual([]);
    expect(await streetRows()).toEqual([]);
    // The stands' removals and a late street of the deleted event find no event: nothing stays.
    expect(await model.apply({ standId: randomUUID(), eventId, address: ZOSSENER, version: 3 })).toBe(false);
    expect(await model.apply({ standId: randomUUID(), eventId: randomUUID(), address: null, version: 1 })).toBe(false);
    expect(await ds.query('SELECT * FROM events.stand_streets')).toEqual([]);
  });

  it('skips a message with a malformed id instead of failing on it', async () => {
    const eventId = await market();
    expect(await model.apply({ standId: 'not-a-uuid', eventId, address: ZOSSENER, version: 1 })).toBe(false);
    expect(await model.apply({ standId: randomUUID(), eventId: "1' OR '1'='1", address: ZOSSENER, version: 1 })).toBe(false);
  });
});

describe('StandStreetChanged through the events queue consumer', () => {
  const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = bullPrefix(`stand-streets-it-${randomBytes(4).toString('hex')}:`);
  const queue = new Queue(QUEUES.events, { connection, prefix });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await connection.quit();
  });

  it('ends in the newest state whatever the order: a removal before the street it takes back, the backfill twice', async () => {
    const team = new TeamService(ds, events, { PUBLIC_URL: 'http://localhost:8080' });
    const worker = startConsumer('events', eventsJobHandlers(events, new StandCountReadModel(ds), model, team, new TeamNamesReadModel(ds)), {
      connection,
      prefix,
      logger: new JsonLogger('events-spec', 'error'),
    });
    try {
      const eventId = await market();
      const [removed, kept] = [randomUUID(), randomUUID()];
      const add = (id: string, data: Change) => queue.add('StandStreetChanged', data, { jobId: id, attempts: JOB_RETRY.attempts });
      await add('r2', { standId: removed, eventId, address: null, version: 2 });
      await add('r1', { standId: removed, eventId, address: ZOSSENER, version: 1 });
      await add('k1', { standId: kept, eventId, address: { ...ZOSSENER, street: 'Solmsstraße', latitude: 52.4882, longitude: 13.393 }, version: 1 });
      await add('k1-again', { standId: kept, eventId, address: { ...ZOSSENER, street: 'Solmsstraße', latitude: 52.4882, longitude: 13.393 }, version: 1 });
      const deadline = Date.now() + 10_000;
      while ((await queue.getCompletedCount()) < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await queue.getFailedCount()).toBe(0);
      expect((await streetRows()).map((r: { street: string; addresses: number }) => [r.street, r.addresses])).toEqual([
        ['Bergmannstraße', 1],
        ['Solmsstraße', 1],
      ]);
    } finally {
      await worker.close();
    }
  });
});
