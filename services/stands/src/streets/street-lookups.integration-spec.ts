import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { TStandStatus } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import type { TStandsEnv } from '../config.js';
import { StandNumbering } from '../numbering/stand-numbering.js';
import { Retention } from '../privacy/retention.js';
import type { EventFactsReadModel } from '../read-models/event-facts.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { eventFacts, eventsReadModel } from '../testing/fixtures.js';
import { StandStreets } from './stand-streets.js';
import { StreetLookups, type StreetSource } from './street-lookups.js';

/*
 * The background lookup of each stand's street against a real database: once per position, again
 * after a move, never for an ended event, nothing kept when no geocoder is configured or events
 * cannot answer, and no exact position left behind by a deleted or anonymised stand. The events
 * service's side (its geocoder behind STREET_AT) is played by `geocoder` below; the whole chain
 * through a Nominatim stand-in runs in e2e/src/stand-streets.e2e-spec.ts.
 */

const CONFIG = { STREET_LOOKUP_SECONDS: 15, LOG_LEVEL: 'error' } as TStandsEnv;

/** Streets by position, as the events service would name them; every question is recorded. */
const geocoder = {
  mode: 'streets' as 'streets' | 'none' | 'down',
  delayMs: 0,
  asked: [] as string[],
  streets: new Map<string, string | null>(),
};
const source: StreetSource = {
  async streetAt(lat, lng) {
    geocoder.asked.push(`${lat},${lng}`);
    await new Promise((resolve) => setTimeout(resolve, geocoder.delayMs));
    if (geocoder.mode === 'down') throw fail.unavailable();
    if (geocoder.mode === 'none') return { geocoder: false, street: null, postcode: null, town: null };
    return { geocoder: true, street: geocoder.streets.get(`${lat},${lng}`) ?? null, postcode: '10961', town: 'Berlin' };
  },
};

let ds: DataSource;
let streets: StandStreets;
let lookups: StreetLookups;
let events: EventFactsReadModel;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  streets = new StandStreets(ds);
  lookups = new StreetLookups(ds, CONFIG, streets, source);
  events = eventsReadModel(ds);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands, stands.stand_streets, stands.event_facts, stands.outbox');
  geocoder.mode = 'streets';
  geocoder.delayMs = 0;
  geocoder.asked = [];
  geocoder.streets = new Map([
    ['52.48950000,13.39050000', 'Bergmannstraße'],
    ['52.48960000,13.39600000', 'Bergmannstraße'],
    ['52.48820000,13.39300000', 'Solmsstraße'],
  ]);
});

async function eventEnding(end: string): Promise<string> {
  const eventId = randomUUID();
  const bergmannkiez = { name: 'Hofflohmarkt Bergmannkiez', location: 'Berlin', latitude: '52.489', longitude: '13.393' };
  await events.apply(eventFacts({ eventId, ...bergmannkiez, startDateTime: end, endDateTime: end }));
  return eventId;
}

async function stand(eventId: string, latitude: string | null, longitude: string | null, status: TStandStatus = 'approved'): Promise<string> {
  const { identifiers } = await ds.getRepository(StandEntity).insert({ eventId, status, guestFirstName: 'Erika', latitude, longitude });
  return identifiers[0].id as string;
}

const streetsOf = async (eventId: string) => (await streets.placedStands(eventId)).map((s) => s.street).sort();

describe('street lookups', () => {
  it('asks once per placed stand, keeps the street, and asks nothing more on the next run', async () => {
    const market = await eventEnding('2099-05-10T16:00:00.000Z');
    await stand(market, '52.48950000', '13.39050000');
    await stand(market, '52.48960000', '13.39600000', 'pending');
    await stand(market, '52.48820000', '13.39300000', 'waitlisted');
    await stand(market, '52.48700000', '13.39900000'); // no street there: asked, kept as none
    await stand(market, null, null, 'pending'); // a guest without a position: nothing to ask

    expect(await lookups.run()).toBe('done');
    expect(geocoder.asked).toHaveLength(4);
    // The overview counts approved and pending stands; the waitlisted one has its street ready.
    expect(await streetsOf(market)).toEqual(['Bergmannstraße', 'Bergmannstraße', null, null]);
    expect(await lookups.run()).toBe('done');
    expect(geocoder.asked).toHaveLength(4);
  });

  it('counts a stand with an address in its own street, whatever was or was not looked up for its point', async () => {
    const market = await eventEnding('2099-05-10T16:00:00.000Z');
    const addressed = await stand(market, '52.48700000', '13.39900000'); // no street known at this point
    await ds.query(
      `UPDATE stands.stands SET "address_street" = 'Nostitzstraße', "address_house_number" = '12', "address_postcode" = '10961', "address_town" = 'Berlin' WHERE "id" = $1`,
      [addressed],
    );
    await stand(market, '52.48950000', '13.39050000');
    expect(await streetsOf(market)).toEqual(['Nostitzstraße', null]);
    await lookups.run();
    expect(await streetsOf(market)).toEqual(['Bergmannstraße', 'Nostitzstraße']);
  });

  it('asks again for a stand that moved, and forgets the street of its old place at once', async () => {
    const market = await eventEnding('2099-05-10T16:00:00.000Z');
    const id = await stand(market, '52.48950000', '13.39050000');
    await lookups.run();
    expect(await streetsOf(market)).toEqual(['Bergmannstraße']);

    await new StandCommands(ds).update(id, { latitude: '52.48820000', longitude: '13.39300000' });
    expect(await streetsOf(market)).toEqual([null]);
    await lookups.run();
    expect(geocoder.asked).toEqual(['52.48950000,13.39050000', '52.48820000,13.39300000']);
    expect(await streetsOf(market)).toEqual(['Solmsstraße']);
  });

  it('keeps no street found for a place the stand left during the lookup', async () => {
    const market = await eventEnding('2099-05-10T16:00:00.000Z');
    const id = await stand(market, '52.48950000', '13.39050000');
    const [due] = await streets.due(10);
    await ds.query('UPDATE stands.stands SET "latitude" = 52.4882, "longitude" = 13.393 WHERE "id" = $1', [id]);
    expect(await streets.record(due!, 'Bergmannstraße')).toBe(false);
    expect(await streets.due(10)).toEqual([{ id, latitude: '52.48820000', longitude: '13.39300000' }]);
  });

  it('leaves ended events alone', async () => {
    const over = await eventEnding('2020-05-10T16:00:00.000Z');
    await stand(over, '52.48950000', '13.39050000');
    expect(await lookups.run()).toBe('done');
    expect(geocoder.asked).toEqual([]);
  });

  it('keeps nothing without a geocoder or while events cannot answer, so the stands are asked about later', async () => {
    const market = await eventEnding('2099-05-10T16:00:00.000Z');
    await stand(market, '52.48950000', '13.39050000');
    await stand(market, '52.48960000', '13.39600000');

    geocoder.mode = 'down';
    expect(await lookups.run()).toBe('unavailable');
    geocoder.mode = 'none';
    const withoutGeocoder = new StreetLookups(ds, CONFIG, streets, source);
    expect(await withoutGeocoder.run()).toBe('no-geocoder');
    // One question each time: the run stops at the first such answer.
    expect(geocoder.asked).toHaveLength(2);
    // Without a geocoder the replica that learnt it asks nothing for a while.
    expect(await withoutGeocoder.run()).toBe('paused');
    expect(geocoder.asked).toHaveLength(2);
    expect(await streets.due(10)).toHaveLength(2);
    expect(await streetsOf(market)).toEqual([null, null]);

    geocoder.mode = 'streets';
    expect(await lookups.run()).toBe('done');
    expect(await streetsOf(market)).toEqual(['Bergmannstraße', 'Bergmannstraße']);
  });

  it('leaves no exact position behind when a stand is deleted or anonymised by retention', async () => {
    const market = await eventEnding('2026-06-30T16:00:00.000Z');
    const kept = await stand(market, '52.48950000', '13.39050000');
    const removed = await stand(market, '52.48960000', '13.39600000');
    // Looked up before the event ended (the run itself skips ended events).
    for (const due of [
      { id: kept, latitude: '52.48950000', longitude: '13.39050000' },
      { id: removed, latitude: '52.48960000', longitude: '13.39600000' },
    ]) {
      expect(await streets.record(due, 'Bergmannstraße')).toBe(true);
    }
    const rows = async () => ((await ds.query('SELECT "stand_id" FROM stands.stand_streets')) as { stand_id: string }[]).map((r) => r.stand_id);
    expect((await rows()).sort()).toEqual([kept, removed].sort());

    await new StandCommands(ds).remove([removed]);
    expect(await rows()).toEqual([kept]);
    await new Retention(ds, { RETENTION_DAYS: 30, RETENTION_CRON: '30 3 * * *', LOG_LEVEL: 'error' }, new StandCommands(ds)).run(
      new Date('2026-08-01T03:30:00.000Z'),
    );
    expect(await rows()).toEqual([]);
  });

  it('lets "Straße für Straße" number each named street end to end, the nearest first', async () => {
    const market = await eventEnding('2099-05-10T16:00:00.000Z');
    // A corner: Hauptstraße east from it, Gartenweg north from it (about 20 m to 150 m out).
    const east = (m: number) => (13.39 + m / 67_700).toFixed(8);
    const north = (m: number) => (52.48 + m / 111_195).toFixed(8);
    const haupt: string[] = [];
    const garten: string[] = [];
    for (let i = 0; i < 5; i++) haupt.push(await stand(market, north(i % 2 ? 6 : -6), east(20 + i * 30)));
    for (let i = 0; i < 4; i++) garten.push(await stand(market, north(20 + i * 30), east(i % 2 ? 6 : -6)));
    for (const due of await streets.due(20)) await streets.record(due, haupt.includes(due.id) ? 'Hauptstraße' : 'Gartenweg');

    // From the far end of Hauptstraße: along it to the corner, then up the Gartenweg.
    const numbered = await new StandNumbering(ds).number(market, 'street', { lat: 52.48, lng: Number(east(200)) });
    expect(numbered.map((s) => s.id)).toEqual([...[...haupt].reverse(), ...garten]);
    expect(numbered.map((s) => s.standNumber)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('runs on one replica at a time', async () => {
    const market = await eventEnding('2099-05-10T16:00:00.000Z');
    await stand(market, '52.48950000', '13.39050000');
    const other = new StreetLookups(ds, CONFIG, streets, source);
    // The geocoder's one request per second: the first run still holds the lock when the second starts.
    geocoder.delayMs = 1000;
    const outcomes = await Promise.all([lookups.run(), other.run()]);
    expect(outcomes.sort()).toEqual(['done', 'locked']);
    expect(geocoder.asked).toHaveLength(1);
  });
});
