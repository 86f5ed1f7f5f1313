import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { JOB_PAYLOADS, QUEUES, type TJobPayload, type TStandStatus } from '@flohmarkt/contracts';
import { Retention } from '../privacy/retention.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { StandStreets, type StreetPlace } from './stand-streets.js';

/*
 * What the stands service tells the events service's address search about each stand's street
 * (StandStreetChanged, announced by the migrations' triggers): only the street of a stand the
 * public sees at its exact position, taken back by every change that ends that, each change once, with
 * versions that grow per stand.
 */

type Announcement = TJobPayload<'StandStreetChanged'>;

const BERGMANN = { latitude: '52.48950000', longitude: '13.39050000' };
const SOLMS = { latitude: '52.48820000', longitude: '13.39300000' };
const BERLIN = { postcode: '10961', town: 'Berlin' };

let ds: DataSource;
let streets: StandStreets;
let commands: StandCommands;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  streets = new StandStreets(ds);
  commands = new StandCommands(ds);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands, stands.stand_streets, stands.street_announcements, stands.event_facts, stands.outbox');
});

/** The StandStreetChanged messages in the outbox, oldest first, checked against the catalogue. */
async function announced(): Promise<Announcement[]> {
  const rows = (await ds.query(`SELECT "queue", "payload" FROM stands.outbox WHERE "name" = 'StandStreetChanged' ORDER BY "created_at", "id"`)) as {
    queue: string;
    payload: unknown;
  }[];
  expect(rows.every((r) => r.queue === QUEUES.events)).toBe(true);
  return rows.map((r) => JOB_PAYLOADS.StandStreetChanged.parse(r.payload));
}

async function stand(
  eventId: string,
  at: { latitude: string; longitude: string },
  status: TStandStatus = 'approved',
  locationPrecision: 'exact' | 'approximate' = 'exact',
): Promise<string> {
  const { identifiers } = await ds.getRepository(StandEntity).insert({ eventId, status, locationPrecision, guestFirstName: 'Erika', ...at });
  return identifiers[0].id as string;
}

/** The background lookup's result for the stand's position as it is now. */
async function lookedUp(id: string, street: string | null, place: StreetPlace = BERLIN): Promise<void> {
  const [row] = (await ds.query(`SELECT "latitude"::text AS "latitude", "longitude"::text AS "longitude" FROM stands.stands WHERE "id" = $1`, [id])) as {
    latitude: string;
    longitude: string;
  }[];
  expect(await streets.record({ id, ...row! }, street, place)).toBe(true);
}

const shown = (street: string, at: { latitude: string; longitude: string }, place: StreetPlace = BERLIN) => ({
  street,
  ...place,
  latitude: Number(at.latitude),
  longitude: Number(at.longitude),
});

describe('the streets of stands shown at their exact position', () => {
  it('announces the street once the lookup finds it, with the place and the shown point, and a repeated lookup says nothing new', async () => {
    const eventId = randomUUID();
    const id = await stand(eventId, BERGMANN);
    expect(await announced()).toEqual([]);

    await lookedUp(id, 'Bergmannstraße');
    await lookedUp(id, 'Bergmannstraße');
    expect(await announced()).toEqual([{ standId: id, eventId, address: shown('Bergmannstraße', BERGMANN), version: 1 }]);
  });

  it('never announces an approximate stand, and takes the street back when an exact one turns approximate', async () => {
    const eventId = randomUUID();
    const hidden = await stand(eventId, SOLMS, 'approved', 'approximate');
    await lookedUp(hidden, 'Solmsstraße');
    const open = await stand(eventId, BERGMANN);
    await lookedUp(open, 'Bergmannstraße');

    await commands.update(open, { locationPrecision: 'approximate' });
    await commands.update(open, { description: 'Bücher und Platten' }); // no change of what is shown: nothing
    await commands.update(open, { locationPrecision: 'exact' });
    expect(await announced()).toEqual([
      { standId: open, eventId, address: shown('Bergmannstraße', BERGMANN), version: 1 },
      { standId: open, eventId, address: null, version: 2 },
      { standId: open, eventId, address: shown('Bergmannstraße', BERGMANN), version: 3 },
    ]);
  });

  it('counts approved stands only: pending, waitlisted, rejected and withdrawn ones show no street', async () => {
    const eventId = randomUUID();
    const id = await stand(eventId, BERGMANN, 'pending');
    await lookedUp(id, 'Bergmannstraße');
    await commands.setStatus(id, 'waitlisted');
    expect(await announced()).toEqual([]);

    await commands.setStatus(id, 'approved');
    await commands.setStatus(id, 'rejected');
    await commands.setStatus(id, 'approved');
    await commands.setStatus(id, 'withdrawn');
    expect((await announced()).map((a) => [a.address?.street ?? null, a.version])).toEqual([
      ['Bergmannstraße', 1],
      [null, 2],
      ['Bergmannstraße', 3],
      [null, 4],
    ]);
  });

  it('takes the street back when the stand moves, and announces the new one once it is looked up', async () => {
    const eventId = randomUUID();
    const id = await stand(eventId, BERGMANN);
    await lookedUp(id, 'Bergmannstraße');
    await commands.update(id, SOLMS);
    await lookedUp(id, null); // the geocoder names no street there: nothing to show
    await lookedUp(id, 'Solmsstraße', { postcode: '10965', town: 'Berlin' });
    expect(await announced()).toEqual([
      { standId: id, eventId, address: shown('Bergmannstraße', BERGMANN), version: 1 },
      { standId: id, eventId, address: null, version: 2 },
      { standId: id, eventId, address: shown('Solmsstraße', SOLMS, { postcode: '10965', town: 'Berlin' }), version: 3 },
    ]);
  });

  it("takes the street back when the stand is deleted, alone or with its event's, and keeps no row of it", async () => {
    const eventId = randomUUID();
    const alone = await stand(eventId, BERGMANN);
    const withEvent = await stand(eventId, SOLMS);
    const neverShown = await stand(eventId, { latitude: '52.48960000', longitude: '13.39600000' }, 'pending');
    for (const id of [alone, withEvent, neverShown]) await lookedUp(id, 'Bergmannstraße');

    await commands.remove([alone]);
    await commands.removeOfEvent(eventId);
    const removals = (await announced()).filter((a) => a.address === null);
    expect(removals).toEqual([
      { standId: alone, eventId, address: null, version: 2 },
      { standId: withEvent, eventId, address: null, version: 2 },
    ]);
    expect(await ds.query('SELECT * FROM stands.street_announcements')).toEqual([]);
  });

  it("takes the street back when retention coarsens a past event's position", async () => {
    const eventId = randomUUID();
    await ds.query(
      `INSERT INTO stands.event_facts ("event_id", "organizer_id", "start_date_time", "end_date_time", "allow_stand_registration", "version")
       VALUES ($1, $2, '2026-06-30T08:00:00Z', '2026-06-30T16:00:00Z', true, 1)`,
      [eventId, randomUUID()],
    );
    const id = await stand(eventId, BERGMANN);
    await lookedUp(id, 'Bergmannstraße');
    await new Retention(ds, { RETENTION_DAYS: 30, RETENTION_CRON: '30 3 * * *', LOG_LEVEL: 'error' }, commands).run(new Date('2026-08-01T03:30:00.000Z'));
    expect((await announced()).map((a) => [a.address?.street ?? null, a.version])).toEqual([
      ['Bergmannstraße', 1],
      [null, 2],
    ]);
  });

  it('reads what is shown after waiting for a concurrent change of the stand, so the last version tells the truth', async () => {
    const eventId = randomUUID();
    const id = await stand(eventId, BERGMANN);
    await lookedUp(id, 'Bergmannstraße');
    const editing = ds.createQueryRunner();
    await editing.connect();
    try {
      await editing.startTransaction();
      await editing.query(`UPDATE stands.stands SET "location_precision" = 'approximate' WHERE "id" = $1`, [id]);
      // The lookup names the street anew while the edit is open: its announcement waits for the edit's lock.
      const lookup = lookedUp(id, 'Bergmannstraße', { postcode: '10965', town: 'Berlin' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await editing.commitTransaction();
      await lookup;
    } finally {
      await editing.release();
    }
    expect((await announced()).map((a) => [a.address?.postcode ?? null, a.version])).toEqual([
      ['10961', 1],
      [null, 2],
    ]);
  });
});

describe("the streets of stands' own addresses (issue 33)", () => {
  const own = { addressStreet: 'Schönhauser Allee', addressHouseNumber: '12', addressPostcode: '10435', addressTown: 'Berlin' };
  const SCHOENHAUSER = { latitude: '52.53790000', longitude: '13.41170000' };
  const PRENZLAUER_BERG = { postcode: '10435', town: 'Berlin' };

  it('announces the street of an approved exact stand from its address, without the house number, before and instead of any lookup', async () => {
    const eventId = randomUUID();
    const id = await stand(eventId, SCHOENHAUSER, 'pending');
    await commands.update(id, own);
    expect(await announced()).toEqual([]);

    await commands.setStatus(id, 'approved');
    // The lookup names the street differently: the seller's own address stays what is shown.
    await lookedUp(id, 'Schönhauser Allee (Nebenfahrbahn)', PRENZLAUER_BERG);
    const [first, ...rest] = await announced();
    expect(first).toEqual({ standId: id, eventId, address: shown('Schönhauser Allee', SCHOENHAUSER, PRENZLAUER_BERG), version: 1 });
    expect(rest).toEqual([]);
    // The house number (12) nowhere in the address told (the ids are random and may hold the digits).
    expect(JSON.stringify(first?.address)).not.toContain('12');
  });

  it('follows an edit of the address, falls back to the looked-up street when the address is removed, and never shows an approximate stand', async () => {
    const eventId = randomUUID();
    const id = await stand(eventId, SCHOENHAUSER);
    await lookedUp(id, 'Kastanienallee', PRENZLAUER_BERG);
    await commands.update(id, own);
    await commands.update(id, { addressHouseNumber: '14' }); // the same street: nothing new
    await commands.update(id, { addressStreet: null, addressHouseNumber: null, addressPostcode: null, addressTown: null });
    const hidden = await stand(eventId, BERGMANN, 'approved', 'approximate');
    await commands.update(hidden, { ...own, addressStreet: 'Bergmannstraße' });
    expect((await announced()).map((a) => [a.standId === id, a.address?.street ?? null, a.version])).toEqual([
      [true, 'Kastanienallee', 1],
      [true, 'Schönhauser Allee', 2],
      [true, 'Kastanienallee', 3],
    ]);
  });

  it('announces a walk-up stand written approved with its address at once', async () => {
    const eventId = randomUUID();
    const { identifiers } = await ds
      .getRepository(StandEntity)
      .insert({ eventId, status: 'approved', locationPrecision: 'exact', guestFirstName: 'Erika', ...SCHOENHAUSER, ...own });
    expect(await announced()).toEqual([
      { standId: identifiers[0].id as string, eventId, address: shown('Schönhauser Allee', SCHOENHAUSER, PRENZLAUER_BERG), version: 1 },
    ]);
  });
});
