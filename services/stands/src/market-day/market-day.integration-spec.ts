import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  CHECK_IN_CLOCK_SKEW_MS,
  MARKET_DAY_MESSAGES,
  RECONFIRMATION_OFF,
  type TCheckIn,
  type TEvent,
  type TJobPayload,
  type TMarketDay,
  type TStand,
  type TStandOverview,
  type TTeamFacts,
} from '@flohmarkt/contracts';
import { LiveStates } from '../live/live-states.js';
import { EventsClient } from '../peers/events-client.js';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { EventStandsController } from '../stands/event-stands.controller.js';
import { ModerationController } from '../stands/moderation.controller.js';
import { lockCapacity } from '../stands/capacity.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandOverviewController } from '../stands/stand-overview.controller.js';
import { StandEntity } from '../stands/stand.entity.js';
import { WalkUpStandsController } from '../stands/walk-up-stands.controller.js';
import { StandStreets } from '../streets/stand-streets.js';
import type { FreshDatabase } from '../testing/fresh-database.js';
import { FixedClock, eventAnswerOf, eventFacts, insertStand } from '../testing/fixtures.js';
import { COMMANDS_WITHOUT_MAILS, STAND_READS, gatewayFetch, user, withStandsApp } from '../testing/stands-app.js';
import { MARKET_DAY_CONTROLLERS, MARKET_DAY_PROVIDERS } from './market-day.controller.js';

/*
 * The market day through the stands service's HTTP app (issue 36): the team ticks stands in (the
 * latest tick wins, whatever order the phones sync in), a helper can do nothing else, "nicht da"
 * greys the stand in the public list from the start, the day list comes in walk order with its
 * counters, and a helper enters walk-ups. The events service is a fake that answers the markets
 * as they are now (with their teams); the read model holds the same facts.
 */

const ORGANIZER = randomUUID();
const CO_ORGANIZER = randomUUID();
const HELPER = randomUUID();
const SELLER = randomUUID();
const STRANGER = randomUUID();
const TEAM: TTeamFacts = [
  { userId: CO_ORGANIZER, role: 'co-organizer' },
  { userId: HELPER, role: 'helper' },
];

// Saturday 7 June 2031, 10:00–16:00 in Berlin. Check-in from 6 June 08:00Z to the day's end at 7 June 22:00Z.
const START = '2031-06-07T08:00:00.000Z';
const END = '2031-06-07T14:00:00.000Z';
const WINDOW_OPENS = new Date('2031-06-06T08:00:00.000Z');
const BEFORE_START = new Date('2031-06-07T07:00:00.000Z');
const DURING = new Date('2031-06-07T09:00:00.000Z');
const DAY_OVER = new Date('2031-06-07T22:00:00.000Z');

const clock = new FixedClock(DURING);

const CHECK_IN_MARKET = randomUUID();
const LIST_MARKET = randomUUID();
const markets = new Map<string, TEvent>();

const SUELZ = { name: 'Hofflohmarkt Sülz', location: 'Köln-Sülz', latitude: '50.92080000', longitude: '6.93000000' };
/** A market of the team (registration closed: the team enters walk-ups anyway). */
const marketFacts = (eventId: string, values: Partial<TJobPayload<'EventFactsChanged'>> = {}) =>
  eventFacts({
    eventId,
    organizerId: ORGANIZER,
    ...SUELZ,
    startDateTime: START,
    endDateTime: END,
    allowStandRegistration: false,
    maxStands: 10,
    team: TEAM,
    ...values,
  });

/** A market as the events service answers it now (with its team) and the read model knows it. */
async function newMarket(eventId = randomUUID(), values: Partial<TJobPayload<'EventFactsChanged'>> = {}): Promise<string> {
  const facts = marketFacts(eventId, values);
  markets.set(eventId, eventAnswerOf(facts));
  await app.get(EventFactsReadModel).apply(facts);
  return eventId;
}

let fresh: FreshDatabase;
let app: INestApplication;
let base: string;

withStandsApp(
  {
    controllers: [...MARKET_DAY_CONTROLLERS, WalkUpStandsController, ModerationController, EventStandsController, StandOverviewController],
    providers: [
      // The events service as it answers now: the markets with their teams.
      { provide: EventsClient, useValue: { find: async (id: string) => markets.get(id) ?? null } },
      { provide: PrivacyClock, useValue: clock },
      // No mails in this spec: the walk-up's and the moderation's data only.
      COMMANDS_WITHOUT_MAILS,
      ...STAND_READS,
      LiveStates,
      // The organiser's overview, whose free places the day's must equal.
      StandStreets,
      ...MARKET_DAY_PROVIDERS,
    ],
    users: [
      [SELLER, 'Sven', 'Seller', 'sven@example.de'],
      [HELPER, 'Hilde', 'Helferin', 'hilde@example.de', false],
    ],
  },
  async (started) => {
    ({ app, base, fresh } = started);
    for (const id of [CHECK_IN_MARKET, LIST_MARKET]) await newMarket(id);
  },
);

type Who = 'anonymous' | 'organizer' | 'coOrganizer' | 'helper' | 'seller' | 'stranger';
const CALLERS: Record<Exclude<Who, 'anonymous'>, { id: string; role: string }> = {
  organizer: { id: ORGANIZER, role: 'organizer' },
  coOrganizer: { id: CO_ORGANIZER, role: 'participant' },
  helper: { id: HELPER, role: 'participant' },
  seller: { id: SELLER, role: 'participant' },
  stranger: { id: STRANGER, role: 'organizer' },
};

async function call<T>(method: string, path: string, who: Who, body?: unknown): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await gatewayFetch(`${base}${path}`, who === 'anonymous' ? {} : user(CALLERS[who].role, CALLERS[who].id), { method, body });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

const checkIn = (standId: string, state: string, at: Date | string, who: Who = 'helper') =>
  call<TCheckIn & { message?: string }>('PATCH', `/stands/${standId}/check-in`, who, { state, at: typeof at === 'string' ? at : at.toISOString() });

const stand = async (eventId: string, values: Partial<StandEntity> = {}) =>
  (await insertStand(fresh.ds, { description: 'Bücher und Spiele', ...values, eventId })).id;

beforeEach(() => {
  clock.at = DURING;
});

describe('PATCH /stands/{id}/check-in', () => {
  it('lets a helper, a co-organiser and the organiser tick an approved stand, answering the winner', async () => {
    const id = await stand(CHECK_IN_MARKET, { guestFirstName: 'Gerda' });
    const at = new Date(DURING.getTime() - 60_000);
    expect(await checkIn(id, 'present', at)).toMatchObject({ status: 200, body: { standId: id, state: 'present', at: at.toISOString() } });
    const later = new Date(DURING.getTime() - 30_000);
    expect((await checkIn(id, 'absent', later, 'coOrganizer')).body).toEqual({ standId: id, state: 'absent', at: later.toISOString() });
    expect((await checkIn(id, 'unknown', DURING, 'organizer')).body).toEqual({ standId: id, state: 'unknown', at: DURING.toISOString() });
  });

  it("keeps a deleted helper's ticks without naming them", async () => {
    const id = await stand(CHECK_IN_MARKET);
    expect((await checkIn(id, 'present', DURING)).status).toBe(200);
    await app.get(StandCommands).removeOfUser(CALLERS.helper.id);
    expect(await fresh.ds.query(`SELECT "state", "by_user_id" FROM "stand_check_ins" WHERE "stand_id" = $1`, [id])).toEqual([
      { state: 'present', by_user_id: null },
    ]);
  });

  it('refuses the seller and strangers (403), and hides a pending stand from a helper (404)', async () => {
    const id = await stand(CHECK_IN_MARKET, { exhibitorId: SELLER });
    for (const who of ['seller', 'stranger'] as const) {
      expect(await checkIn(id, 'present', DURING, who)).toMatchObject({ status: 403, body: { message: MARKET_DAY_MESSAGES.marketDayForbidden } });
    }
    const pending = await stand(CHECK_IN_MARKET, { guestFirstName: 'Paula', status: 'pending' });
    expect(await checkIn(pending, 'present', DURING)).toMatchObject({ status: 404, body: { message: API_ERRORS.standNotFound } });
    expect(await checkIn(randomUUID(), 'present', DURING)).toMatchObject({ status: 404 });
    expect(await call('GET', `/events/${CHECK_IN_MARKET}/market-day`, 'stranger')).toMatchObject({
      status: 403,
      body: { message: MARKET_DAY_MESSAGES.marketDayForbidden },
    });
  });

  it('answers 409 for a stand that is not approved', async () => {
    const pending = await stand(CHECK_IN_MARKET, { guestFirstName: 'Paula', status: 'pending' });
    expect(await checkIn(pending, 'present', DURING, 'organizer')).toMatchObject({ status: 409, body: { message: MARKET_DAY_MESSAGES.checkInNotApproved } });
  });

  it('refuses outside the check-in window (403) and a time in the future or before the window (400)', async () => {
    const id = await stand(CHECK_IN_MARKET, { guestFirstName: 'Gerda' });
    clock.at = new Date(WINDOW_OPENS.getTime() - 1);
    expect(await checkIn(id, 'present', clock.at)).toMatchObject({ status: 403, body: { message: MARKET_DAY_MESSAGES.checkInOutsideDay } });
    clock.at = DAY_OVER;
    expect(await checkIn(id, 'present', DURING)).toMatchObject({ status: 403, body: { message: MARKET_DAY_MESSAGES.checkInOutsideDay } });
    clock.at = DURING;
    const future = new Date(DURING.getTime() + CHECK_IN_CLOCK_SKEW_MS + 1000);
    expect(await checkIn(id, 'present', future)).toMatchObject({ status: 400, body: { message: MARKET_DAY_MESSAGES.invalidCheckInTime } });
    expect(await checkIn(id, 'present', new Date(WINDOW_OPENS.getTime() - 1000))).toMatchObject({
      status: 400,
      body: { message: MARKET_DAY_MESSAGES.checkInOutsideDay },
    });
    expect(await checkIn(id, 'weg', DURING)).toMatchObject({ status: 400, body: { message: MARKET_DAY_MESSAGES.invalidCheckInState } });
    expect(await checkIn(id, 'present', 'gestern')).toMatchObject({ status: 400 });
    // Nothing of the refused ticks was kept.
    expect(await fresh.ds.query(`SELECT 1 FROM "stand_check_ins" WHERE "stand_id" = $1`, [id])).toEqual([]);
  });

  it('converges two phones’ conflicting ticks to the later one, in either order of arrival', async () => {
    const earlier = new Date(DURING.getTime() - 10 * 60_000);
    const later = new Date(DURING.getTime() - 5 * 60_000);
    const first = await stand(CHECK_IN_MARKET, { guestFirstName: 'Anna' });
    const second = await stand(CHECK_IN_MARKET, { guestFirstName: 'Berta' });
    // Phone A ticked "nicht da" later; phone B ticked "da" earlier but syncs last.
    expect((await checkIn(first, 'absent', later)).body).toMatchObject({ state: 'absent', at: later.toISOString() });
    expect((await checkIn(first, 'present', earlier, 'coOrganizer')).body).toMatchObject({ state: 'absent', at: later.toISOString() });
    // The same two ticks arriving the other way round.
    expect((await checkIn(second, 'present', earlier, 'coOrganizer')).body).toMatchObject({ state: 'present', at: earlier.toISOString() });
    expect((await checkIn(second, 'absent', later)).body).toMatchObject({ state: 'absent', at: later.toISOString() });
    // Ticks at the very same instant: the same winner whichever comes first.
    const third = await stand(CHECK_IN_MARKET, { guestFirstName: 'Clara' });
    const fourth = await stand(CHECK_IN_MARKET, { guestFirstName: 'Dora' });
    await checkIn(third, 'absent', later);
    await checkIn(third, 'present', later);
    await checkIn(fourth, 'present', later);
    await checkIn(fourth, 'absent', later);
    const { body } = await call<TMarketDay>('GET', `/events/${CHECK_IN_MARKET}/market-day`, 'helper');
    const stateOf = (id: string) => body.stands.find((s) => s.id === id)?.checkIn;
    expect([stateOf(first), stateOf(second)]).toEqual(['absent', 'absent']);
    expect(stateOf(third)).toBe(stateOf(fourth));
  });

  it('takes a tick dated ahead of the server (a fast phone clock) as made now: the next real tick wins', async () => {
    const id = await stand(CHECK_IN_MARKET, { guestFirstName: 'Frieda' });
    const ahead = new Date(DURING.getTime() + CHECK_IN_CLOCK_SKEW_MS - 1000);
    expect((await checkIn(id, 'absent', ahead)).body).toMatchObject({ state: 'absent', at: DURING.toISOString() });
    clock.at = new Date(DURING.getTime() + 1000);
    expect((await checkIn(id, 'present', clock.at, 'coOrganizer')).body).toMatchObject({ state: 'present', at: clock.at.toISOString() });
  });

  it('converges ticks sent at once from two phones', async () => {
    const id = await stand(CHECK_IN_MARKET, { guestFirstName: 'Emma' });
    const ticks = Array.from({ length: 8 }, (_, i) => ({ state: i % 2 ? 'present' : 'absent', at: new Date(DURING.getTime() - (i + 1) * 1000) }));
    await Promise.all(ticks.map((t, i) => checkIn(id, t.state, t.at, i % 2 ? 'helper' : 'coOrganizer')));
    // The latest of them is the first: 'absent' at DURING − 1 s.
    expect((await checkIn(id, 'present', new Date(DURING.getTime() - 60_000))).body).toMatchObject({
      state: 'absent',
      at: new Date(DURING.getTime() - 1000).toISOString(),
    });
  });
});

describe('a helper does nothing else', () => {
  it('cannot approve or reject a stand, nor read the review list or any e-mail address', async () => {
    const eventId = await newMarket();
    const pending = await stand(eventId, { guestFirstName: 'Paula', guestEmail: 'paula@example.de', status: 'pending' });
    const approved = await stand(eventId, { exhibitorId: SELLER });
    // A pending stand does not exist for a helper; an approved one is not theirs to decide.
    expect((await call('PATCH', `/stands/${pending}/approve-draft`, 'helper')).status).toBe(404);
    expect(await call('PATCH', `/stands/${approved}/reject`, 'helper', {})).toMatchObject({ status: 403 });
    expect((await fresh.ds.getRepository(StandEntity).findOneByOrFail({ id: pending })).status).toBe('pending');
    expect((await fresh.ds.getRepository(StandEntity).findOneByOrFail({ id: approved })).status).toBe('approved');
    expect((await call('GET', `/events/${eventId}/draft-stands`, 'helper')).status).toBe(403);
    // The organiser's list carries the seller's address; the helper's is the public's.
    const organizers = await call<TStand[]>('GET', `/events/${eventId}/stands`, 'organizer');
    expect(organizers.body.find((s) => s.id === approved)?.contactEmail).toBe('sven@example.de');
    const helpers = await call<TStand[]>('GET', `/events/${eventId}/stands`, 'helper');
    expect(helpers.status).toBe(200);
    expect(helpers.body.map((s) => s.id)).toEqual([approved]);
    expect(JSON.stringify(helpers.body)).not.toMatch(/@example\.de/);
    const day = await call<TMarketDay>('GET', `/events/${eventId}/market-day`, 'helper');
    expect(day.body.stands.map((s) => s.id)).toEqual([approved]);
    expect(JSON.stringify(day.body)).not.toMatch(/@example\.de/);
  });

  it("shows a stand's reconfirmation to the market's people, helpers included, and to nobody else", async () => {
    const eventId = await newMarket();
    const id = await stand(eventId, { confirmation: 'confirmed' });
    for (const who of ['organizer', 'coOrganizer', 'helper'] as const) {
      const list = await call<TStand[]>('GET', `/events/${eventId}/stands`, who);
      expect(list.body.find((s) => s.id === id)?.confirmation, who).toBe('confirmed');
    }
    for (const who of ['anonymous', 'stranger'] as const) {
      const list = await call<TStand[]>('GET', `/events/${eventId}/stands`, who);
      expect(
        list.body.find((s) => s.id === id),
        who,
      ).not.toHaveProperty('confirmation');
    }
  });
});

describe('"nicht da" in the public reads', () => {
  it('greys an absent stand in the public list from the start, not before, and not after the day', async () => {
    const eventId = await newMarket();
    const absent = await stand(eventId, { guestFirstName: 'Anna', standNumber: '1' });
    const present = await stand(eventId, { guestFirstName: 'Berta', standNumber: '2' });
    clock.at = BEFORE_START;
    const tickedAt = new Date(BEFORE_START.getTime() - 60_000);
    await checkIn(absent, 'absent', tickedAt);
    await checkIn(present, 'present', tickedAt);
    const liveOf = async () => {
      const { body } = await call<TStand[]>('GET', `/events/${eventId}/stands`, 'anonymous');
      return Object.fromEntries(body.map((s) => [s.id, { liveState: s.liveState, liveUpdatedAt: s.liveUpdatedAt }]));
    };
    expect(await liveOf()).toEqual({ [absent]: { liveState: null, liveUpdatedAt: null }, [present]: { liveState: null, liveUpdatedAt: null } });
    clock.at = DURING;
    expect(await liveOf()).toEqual({
      [absent]: { liveState: 'absent', liveUpdatedAt: tickedAt.toISOString() },
      [present]: { liveState: null, liveUpdatedAt: null },
    });
    clock.at = DAY_OVER;
    expect((await liveOf())[absent]).toEqual({ liveState: null, liveUpdatedAt: null });
  });

  it('stands over the seller’s own live state, and a later "da" lifts it', async () => {
    const eventId = await newMarket();
    const id = await stand(eventId, { guestFirstName: 'Anna' });
    await app.get(LiveStates).set(id, 'open', DURING);
    await checkIn(id, 'absent', DURING);
    const read = async () => (await call<TStand[]>('GET', `/events/${eventId}/stands`, 'anonymous')).body[0]!.liveState;
    expect(await read()).toBe('absent');
    await checkIn(id, 'present', new Date(DURING.getTime() + 1000));
    expect(await read()).toBe('open');
  });
});

describe('GET /events/{id}/market-day', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    const placed = { latitude: '50.92100000', longitude: '6.93100000' };
    ids = {
      berliner10: await stand(LIST_MARKET, {
        exhibitorId: SELLER,
        addressStreet: 'Berliner Straße',
        addressHouseNumber: '10',
        addressPostcode: '50937',
        addressTown: 'Köln',
        confirmation: 'confirmed',
      }),
      berliner2: await stand(LIST_MARKET, {
        guestFirstName: 'Nora',
        guestLastName: 'Nummer',
        nameDisplay: 'number',
        standNumber: '7',
        addressStreet: 'Berliner Straße',
        addressHouseNumber: '2',
        addressPostcode: '50937',
        addressTown: 'Köln',
        confirmation: 'asked',
      }),
      berliner10a: await stand(LIST_MARKET, {
        guestFirstName: 'Gerda',
        guestEmail: 'gerda@example.de',
        addressStreet: 'Berliner Straße',
        addressHouseNumber: '10a',
        addressPostcode: '50937',
        addressTown: 'Köln',
      }),
      // No address: the street looked up for its position places it.
      lookedUp: await stand(LIST_MARKET, { guestFirstName: 'Lena', standNumber: '3', ...placed }),
      nowhere: await stand(LIST_MARKET, { guestFirstName: 'Olga', standNumber: '1' }),
      released: await stand(LIST_MARKET, { guestFirstName: 'Rita', status: 'released', confirmation: 'released', standNumber: '9' }),
    };
    await stand(LIST_MARKET, { guestFirstName: 'Paula', status: 'pending' });
    await stand(LIST_MARKET, { guestFirstName: 'Wanda', status: 'waitlisted' });
    await fresh.ds.query(`INSERT INTO "stand_streets" ("stand_id", "latitude", "longitude", "street") VALUES ($1, $2, $3, 'Aachener Straße')`, [
      ids.lookedUp,
      placed.latitude,
      placed.longitude,
    ]);
    await fresh.ds.query(`INSERT INTO "reconfirmation_reminders" ("event_id", "reminded", "sent_at") VALUES ($1, 1, '2031-06-06T10:00:00.000Z')`, [
      LIST_MARKET,
    ]);
  });

  it('lists the approved and released stands in walk order, with names as the reader may see them, never kept by a cache', async () => {
    clock.at = BEFORE_START;
    await checkIn(ids.berliner2!, 'absent', BEFORE_START);
    await checkIn(ids.berliner10!, 'present', BEFORE_START);
    const { status, body, headers } = await call<TMarketDay>('GET', `/events/${LIST_MARKET}/market-day`, 'helper');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(body).toMatchObject({ eventId: LIST_MARKET, role: 'helper', remindedAt: '2031-06-06T10:00:00.000Z', serverTime: BEFORE_START.toISOString() });
    expect(body.reconfirmation).toEqual(RECONFIRMATION_OFF);
    expect(body.stands.map((s) => s.id)).toEqual([ids.lookedUp, ids.berliner2, ids.berliner10, ids.berliner10a, ids.nowhere, ids.released]);
    const byId = new Map(body.stands.map((s) => [s.id, s]));
    expect(byId.get(ids.lookedUp!)).toMatchObject({ street: 'Aachener Straße', houseNumber: null, name: 'Lena', label: '3' });
    expect(byId.get(ids.berliner10!)).toMatchObject({
      street: 'Berliner Straße',
      houseNumber: '10',
      name: 'Sven S.',
      label: 'Berliner Straße 10',
      confirmation: 'confirmed',
      checkIn: 'present',
      checkInAt: BEFORE_START.toISOString(),
      // Who ticked it, by display name: the organiser sees which helper said so.
      checkInBy: 'Hilde H.',
      walkUp: false,
    });
    // "Nur Nummer": no name for a helper; absent, but the market has not started: no live state yet.
    expect(byId.get(ids.berliner2!)).toMatchObject({ name: null, label: '7', checkIn: 'absent', liveState: null, confirmation: 'asked' });
    expect(byId.get(ids.released!)).toMatchObject({ status: 'released', confirmation: 'released', checkIn: 'unknown', checkInAt: null, checkInBy: null });
    // Ten places: five approved and Paula's, pending (not on the list), take six.
    expect(body.counts).toEqual({ approved: 5, confirmed: 1, open: 1, released: 1, present: 1, absent: 1, unknown: 3, walkUps: 0, pending: 1, freePlaces: 4 });

    const organizer = await call<TMarketDay>('GET', `/events/${LIST_MARKET}/market-day`, 'organizer');
    expect(organizer.body.role).toBe('organizer');
    expect(organizer.body.stands.find((s) => s.id === ids.berliner2)?.name).toBe('Nora N.');
    expect((await call<TMarketDay>('GET', `/events/${LIST_MARKET}/market-day`, 'coOrganizer')).body.role).toBe('co-organizer');
  });

  it('frees an absent stand’s place from the start and shows it absent', async () => {
    // The tick of the test before, again (the same tick changes nothing): this test holds alone.
    await checkIn(ids.berliner2!, 'absent', BEFORE_START);
    clock.at = DURING;
    const { body } = await call<TMarketDay>('GET', `/events/${LIST_MARKET}/market-day`, 'helper');
    expect(body.stands.find((s) => s.id === ids.berliner2)?.liveState).toBe('absent');
    expect(body.counts).toMatchObject({ approved: 5, absent: 1, freePlaces: 5 });
  });

  it('counts a stand moved up from the waitlist as a taken place, as the overview does, without listing it before approval', async () => {
    // The tester's market: three places, all approved; one seller says "nein" to the reconfirmation.
    clock.at = BEFORE_START;
    const eventId = await newMarket(randomUUID(), { maxStands: 3 });
    await stand(eventId, { guestFirstName: 'Anna', standNumber: '1' });
    await stand(eventId, { guestFirstName: 'Berta', standNumber: '2' });
    const saysNo = await insertStand(fresh.ds, { eventId, description: 'Bücher', guestFirstName: 'Carla', standNumber: '3', confirmation: 'asked' });
    const jonas = await stand(eventId, { guestFirstName: 'Jonas', status: 'waitlisted', waitlistedAt: new Date(BEFORE_START.getTime() - 86_400_000) });
    await fresh.ds.transaction(async (m) => {
      await lockCapacity(m, [eventId]);
      await app.get(StandCommands).release(m, saysNo, BEFORE_START);
    });
    expect((await fresh.ds.getRepository(StandEntity).findOneByOrFail({ id: jonas })).status).toBe('pending');

    const overview = await call<TStandOverview>('GET', `/events/${eventId}/stand-overview`, 'organizer');
    expect(overview.body).toMatchObject({ approved: 2, pending: 1, maxStands: 3, freePlaces: 0 });
    for (const who of ['organizer', 'helper'] as const) {
      const { body } = await call<TMarketDay>('GET', `/events/${eventId}/market-day`, who);
      expect(body.counts, who).toMatchObject({ approved: 2, released: 1, pending: 1, freePlaces: overview.body.freePlaces });
      // Pending: the organiser approves Jonas first (docs/product.md, the day view); then he is on the list.
      expect(body.stands.map((s) => s.id)).not.toContain(jonas);
    }
    expect((await call('PATCH', `/stands/${jonas}/approve-draft`, 'organizer')).status).toBe(200);
    const { body } = await call<TMarketDay>('GET', `/events/${eventId}/market-day`, 'helper');
    expect(body.stands.map((s) => s.id)).toContain(jonas);
    expect(body.counts).toMatchObject({ approved: 3, freePlaces: 0 });
  });

  it('answers 404 for a market that does not exist', async () => {
    expect(await call('GET', `/events/${randomUUID()}/market-day`, 'organizer')).toMatchObject({ status: 404, body: { message: API_ERRORS.eventNotFound } });
  });

  it('lets a helper enter a walk-up while registration is closed, counted on the day', async () => {
    // A market of its own with one stand: the walk-up would change the list and counts the tests above read.
    const eventId = await newMarket();
    await stand(eventId, { guestFirstName: 'Anna', standNumber: '1' });
    const walkUp = await call<TStand>('POST', `/events/${eventId}/walk-up-stands`, 'helper', {
      guestFirstName: 'Willi',
      description: 'Werkzeug und Schallplatten',
      categories: ['Bücher'],
    });
    expect(walkUp).toMatchObject({ status: 201, body: { status: 'approved', eventId } });
    expect(
      await call('POST', `/events/${eventId}/walk-up-stands`, 'seller', { description: 'Werkzeug und Schallplatten', categories: ['Bücher'] }),
    ).toMatchObject({
      status: 403,
      body: { message: MARKET_DAY_MESSAGES.walkUpForbidden },
    });
    const { body } = await call<TMarketDay>('GET', `/events/${eventId}/market-day`, 'helper');
    // Entered because its seller stands there: checked in "Da" at once, by the helper who entered it.
    expect(body.stands.find((s) => s.id === walkUp.body.id)).toMatchObject({
      walkUp: true,
      status: 'approved',
      name: 'Willi',
      checkIn: 'present',
      checkInAt: DURING.toISOString(),
      checkInBy: 'Hilde H.',
    });
    expect(body.counts).toMatchObject({ approved: 2, walkUps: 1 });
    expect((await checkIn(walkUp.body.id, 'present', DURING)).body.state).toBe('present');
  });

  it('checks a walk-up in as it is entered in the check-in window only; a later tick wins as usual', async () => {
    const eventId = await newMarket();
    const enter = async (at: Date) => {
      clock.at = at;
      const { status, body } = await call<TStand>('POST', `/events/${eventId}/walk-up-stands`, 'organizer', {
        description: 'Werkzeug und Schallplatten',
        categories: ['Bücher'],
      });
      expect(status).toBe(201);
      return body.id;
    };
    const weekBefore = await enter(new Date('2031-05-31T09:00:00.000Z'));
    const eveningBefore = await enter(WINDOW_OPENS);
    const day = async () => new Map((await call<TMarketDay>('GET', `/events/${eventId}/market-day`, 'organizer')).body.stands.map((s) => [s.id, s]));
    expect((await day()).get(weekBefore)).toMatchObject({ checkIn: 'unknown', checkInAt: null });
    expect((await day()).get(eveningBefore)).toMatchObject({ checkIn: 'present', checkInAt: WINDOW_OPENS.toISOString() });

    clock.at = DURING;
    expect((await checkIn(eveningBefore, 'absent', DURING)).body).toMatchObject({ state: 'absent', at: DURING.toISOString() });
    const { body } = await call<TMarketDay>('GET', `/events/${eventId}/market-day`, 'organizer');
    expect(body.stands.find((s) => s.id === eveningBefore)).toMatchObject({ checkIn: 'absent', checkInBy: 'Hilde H.' });
    expect(body.counts).toMatchObject({ approved: 2, walkUps: 2, present: 0, absent: 1, unknown: 1 });
  });

  it('refuses a walk-up after the market’s end with the server’s sentence', async () => {
    clock.at = new Date('2031-06-07T14:30:00.000Z');
    expect(
      await call('POST', `/events/${LIST_MARKET}/walk-up-stands`, 'helper', { description: 'Werkzeug und Schallplatten', categories: ['Bücher'] }),
    ).toMatchObject({ status: 403, body: { message: API_ERRORS.registrationEventEnded } });
  });

  it('refuses a walk-up at a cancelled market, to the team as to the organiser', async () => {
    const eventId = randomUUID();
    markets.set(eventId, eventAnswerOf(marketFacts(eventId, { status: 'cancelled', cancelReason: 'Regen' })));
    for (const who of ['helper', 'organizer'] as const) {
      expect(await call('POST', `/events/${eventId}/walk-up-stands`, who, { description: 'Werkzeug und Schallplatten', categories: ['Bücher'] })).toMatchObject(
        {
          status: 403,
          body: { message: API_ERRORS.registrationEventCancelled },
        },
      );
    }
  });
});
