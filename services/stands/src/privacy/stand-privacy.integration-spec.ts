import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import type { TLocationPrecision, TNameDisplay } from '@flohmarkt/contracts';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { FixedClock, eventsReadModel, suelzMarket2026 } from '../testing/fixtures.js';
import { PUBLIC_READER, type StandReader } from './stand-privacy.js';

/*
 * What each reader sees of an approximate, number-only stand, through the presenter every stand read
 * (lists, page, GeoJSON, printed map) goes through, with the clock fixed around the event's first day.
 */

let ds: DataSource;
let presenter: StandPresenter;
const clock = new FixedClock();
const organizer = randomUUID();
const owner = randomUUID();
const eventId = randomUUID();
// Saturday 13 June 2026, 10:00 in Berlin (CEST): the day begins at 2026-06-12T22:00Z.
const START = '2026-06-13T08:00:00.000Z';
const LAT = '50.92080000';
const LNG = '6.95740000';

withFreshStandsDatabase(async (fresh) => {
  ds = fresh.ds;
  const events = eventsReadModel(ds);
  await events.apply(suelzMarket2026({ eventId, organizerId: organizer, startDateTime: START }));
  presenter = new StandPresenter(new UserNamesReadModel(ds), new PhotoStatesReadModel(ds), ds, events, clock);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands');
  clock.at = new Date('2026-06-12T21:59:59.000Z');
});

async function stand(
  locationPrecision: TLocationPrecision,
  nameDisplay: TNameDisplay,
  exhibitorId: string | null = owner,
  standEventId = eventId,
  { numbered = true, address = false }: { numbered?: boolean; address?: boolean } = {},
): Promise<StandEntity> {
  const repository = ds.getRepository(StandEntity);
  const { identifiers } = await repository.insert({
    eventId: standEventId,
    exhibitorId,
    status: 'approved',
    latitude: LAT,
    longitude: LNG,
    locationPrecision,
    nameDisplay,
    ...(address ? { addressStreet: 'Hohe Straße', addressHouseNumber: '12a', addressPostcode: '50667', addressTown: 'Köln' } : {}),
    // Unique per event among approved stands: a fresh number per stand.
    standNumber: numbered ? String(++numbers) : null,
    guestFirstName: exhibitorId ? null : 'Erika',
    guestLastName: exhibitorId ? null : 'M.',
  });
  return repository.findOneByOrFail({ id: identifiers[0].id as string });
}

let numbers = 0;

const as = (id: string, role: 'participant' | 'organizer' | 'admin' = 'participant'): StandReader => ({ caller: { id, role } });
/** The readers who see a stand as it is: its owner, the event's organiser, an admin, and the guest of a guest's stand by the manage link. */
const insiders = (own: StandEntity, guest: StandEntity) =>
  [
    [own, as(owner)],
    [own, as(organizer, 'organizer')],
    [own, as(randomUUID(), 'admin')],
    [guest, { guestOwner: true } as StandReader],
  ] as const;

describe('an approximate stand before the event day', () => {
  it('reads to the public and to other users as the centre of its cell, flagged, the same on every read', async () => {
    const s = await stand('approximate', 'name');
    for (const reader of [PUBLIC_READER, as(randomUUID()), as(randomUUID(), 'organizer')]) {
      const read = await presenter.one(s, reader);
      expect(read.locationApproximate).toBe(true);
      expect([read.latitude, read.longitude]).not.toEqual([LAT, LNG]);
      expect(Math.abs(Number(read.latitude) - Number(LAT))).toBeLessThan(0.0013);
      expect(await presenter.one(s, reader)).toMatchObject({ latitude: read.latitude, longitude: read.longitude });
    }
  });

  it('reads exactly to its owner, the event organiser, admins and the guest by the manage link', async () => {
    const s = await stand('approximate', 'name');
    const guest = await stand('approximate', 'name', null);
    for (const [target, reader] of insiders(s, guest)) {
      expect(await presenter.one(target, reader)).toMatchObject({
        latitude: LAT,
        longitude: LNG,
        locationApproximate: false,
        locationPrecision: 'approximate',
      });
    }
  });

  it('reads exactly to everyone from 00:00 Berlin time on the first day', async () => {
    const s = await stand('approximate', 'name');
    clock.at = new Date('2026-06-12T22:00:00.000Z');
    expect(await presenter.one(s)).toMatchObject({ latitude: LAT, longitude: LNG, locationApproximate: false });
  });

  it('stays in its cell for an event the copy does not know (never a guess towards exposure)', async () => {
    const s = await stand('approximate', 'name', owner, randomUUID());
    clock.at = new Date('2030-01-01T00:00:00.000Z');
    expect((await presenter.one(s)).locationApproximate).toBe(true);
  });

  it('leaves an exact stand exact for everyone', async () => {
    const s = await stand('exact', 'name');
    expect(await presenter.one(s)).toMatchObject({ latitude: LAT, longitude: LNG, locationApproximate: false });
  });
});

describe('a stand shown by number only', () => {
  it('reads to the public without a name or exhibitor id, to owner and organiser with them', async () => {
    const registered = await stand('exact', 'number');
    const guest = await stand('exact', 'number', null);
    expect(await presenter.one(registered)).toMatchObject({ exhibitorId: null, exhibitor: null, standNumber: registered.standNumber, nameDisplay: 'number' });
    expect(await presenter.one(guest)).toMatchObject({ guestFirstName: null, guestLastName: null, standNumber: guest.standNumber });
    expect((await presenter.one(registered, as(owner))).exhibitorId).toBe(owner);
    expect((await presenter.one(registered, as(organizer, 'organizer'))).exhibitorId).toBe(owner);
    expect(await presenter.one(guest, as(organizer, 'organizer'))).toMatchObject({ guestFirstName: 'Erika', guestLastName: 'M.' });
  });

  it('keeps names shown by default', async () => {
    const guest = await stand('exact', 'name', null);
    expect(await presenter.one(guest)).toMatchObject({ guestFirstName: 'Erika', guestLastName: 'M.', nameDisplay: 'name' });
  });
});

describe('a stand with an address (issue 33)', () => {
  const WHOLE = { street: 'Hohe Straße', houseNumber: '12a', postcode: '50667', town: 'Köln' };

  it('reads to the public without its house number while its position is approximate, and is named by its street', async () => {
    const s = await stand('approximate', 'name', owner, eventId, { numbered: false, address: true });
    const read = await presenter.one(s);
    expect(read.address).toEqual({ ...WHOLE, houseNumber: null });
    expect(read.label).toBe('Hohe Straße');
    // As a word, not inside one of the random ids ("…-12af…" once failed a run).
    expect(JSON.stringify(read)).not.toMatch(/[\s"]12a[\s",]/);
  });

  it('reads whole to its owner, the organiser, admins and the guest by the manage link, named with the number', async () => {
    const s = await stand('approximate', 'name', owner, eventId, { numbered: false, address: true });
    const guest = await stand('approximate', 'name', null, eventId, { numbered: false, address: true });
    for (const [target, reader] of insiders(s, guest)) {
      expect(await presenter.one(target, reader)).toMatchObject({ address: WHOLE, label: 'Hohe Straße 12a' });
    }
  });

  it('reads whole to everyone from the event day on, and at once when the stand is exact', async () => {
    const approximate = await stand('approximate', 'name', owner, eventId, { numbered: false, address: true });
    const exact = await stand('exact', 'name', randomUUID(), eventId, { numbered: false, address: true });
    expect(await presenter.one(exact)).toMatchObject({ address: WHOLE, label: 'Hohe Straße 12a' });
    clock.at = new Date('2026-06-12T22:00:00.000Z');
    expect(await presenter.one(approximate)).toMatchObject({ address: WHOLE, label: 'Hohe Straße 12a' });
  });

  it('is named by its number when it has one, by the display name without an address, else "Stand ohne Nummer" — never by its id', async () => {
    const numbered = await stand('exact', 'name', owner, eventId, { address: true });
    expect((await presenter.one(numbered)).label).toBe(numbered.standNumber);
    const guest = await stand('exact', 'name', null, eventId, { numbered: false });
    expect((await presenter.one(guest)).label).toBe('Erika M.');
    const hidden = await stand('exact', 'number', null, eventId, { numbered: false });
    const read = await presenter.one(hidden);
    expect(read.label).toBe('Stand ohne Nummer');
    expect(read.label).not.toContain(hidden.id.slice(-6));
  });
});
