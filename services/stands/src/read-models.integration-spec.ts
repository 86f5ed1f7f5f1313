import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { API_ERRORS, type TJobPayload } from '@flohmarkt/contracts';
import { DomainError } from '@flohmarkt/server-kit';
import { cascadeHandlers } from './jobs/cascade-handlers.js';
import type { EventFactsReadModel } from './read-models/event-facts.js';
import { ReminderWishesReadModel } from './read-models/reminder-wishes.js';
import { PhotoStatesReadModel } from './read-models/photo-states.js';
import { withReadModels } from './jobs/stands-job-handlers.js';
import { UserNamesReadModel } from './read-models/user-names.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';
import { atTheDom, eventsReadModel } from './testing/fixtures.js';

/*
 * The stands service's read models of events and users, fed by the owners' messages. Messages may
 * come twice or out of order: every order must end in the state of the newest message. The
 * owners' services are down here (nothing listens on their port), so any answer below that needs
 * no owner proves that the read model alone gave it.
 */

type Facts = TJobPayload<'EventFactsChanged'>;
type Profile = TJobPayload<'UserProfileChanged'>;

let ds: DataSource;
let events: EventFactsReadModel;
let users: UserNamesReadModel;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  events = eventsReadModel(ds);
  users = new UserNamesReadModel(ds);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.event_facts, stands.user_names, stands.stands, stands.reviews, stands.outbox');
});

const facts = (eventId: string, version: number, changes: Partial<Facts> = {}) =>
  atTheDom({ eventId, organizerId: 'aaaaaaaa-0000-4000-8000-00000000000a', version, ...changes });

/** What reads see after applying `messages` in the given order to a copy that knew nothing. */
async function eventAfter(messages: Facts[]) {
  await ds.query('TRUNCATE stands.event_facts');
  for (const m of messages) await events.apply(m);
  return events.find(messages[0].eventId);
}

async function unavailable(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return false;
  } catch (err) {
    return err instanceof DomainError && err.code === 'UNAVAILABLE';
  }
}

describe('event facts (EventFactsChanged, EventDeleted)', () => {
  it('ends in the newest facts whether messages come in order, twice or reversed', async () => {
    const id = randomUUID();
    const older = facts(id, 3, { allowStandRegistration: true });
    const newer = facts(id, 7, {
      allowStandRegistration: false,
      startDateTime: '2031-05-17T08:00:00.000Z',
      latitude: null,
      longitude: null,
      name: 'Trödelmarkt am Dom (abgesagt)',
      status: 'cancelled',
      cancelReason: 'Unwetterwarnung',
      registrationDeadline: '2031-05-09T20:00:00.000Z',
      notifyOnRegistration: false,
      maxStands: 12,
      team: [{ userId: 'bbbbbbbb-0000-4000-8000-00000000000b', role: 'helper' }],
      reconfirmation: { enabled: true, askHoursBefore: 48, deadlineHoursBefore: 6 },
    });
    const inOrder = await eventAfter([older, newer]);
    expect(inOrder).toEqual({
      id,
      organizerId: 'aaaaaaaa-0000-4000-8000-00000000000a',
      allowStandRegistration: false,
      name: 'Trödelmarkt am Dom (abgesagt)',
      location: 'Roncalliplatz, Köln',
      latitude: null,
      longitude: null,
      startDateTime: '2031-05-17T08:00:00.000Z',
      endDateTime: '2031-05-10T14:00:00.000Z',
      status: 'cancelled',
      cancelReason: 'Unwetterwarnung',
      registrationDeadline: '2031-05-09T20:00:00.000Z',
      notifyOnRegistration: false,
      maxStands: 12,
      team: [{ userId: 'bbbbbbbb-0000-4000-8000-00000000000b', role: 'helper' }],
      reconfirmation: { enabled: true, askHoursBefore: 48, deadlineHoursBefore: 6 },
    });
    expect(await eventAfter([older, newer, newer, older])).toEqual(inOrder);
    expect(await eventAfter([newer, older])).toEqual(inOrder);
  });

  it('keeps the series and the original of a copy as the newest message tells them (issue 34)', async () => {
    const id = randomUUID();
    const series = randomUUID();
    const original = randomUUID();
    const stored = async () =>
      (
        (await ds.query(`SELECT "series_id" AS "seriesId", "copied_from_id" AS "copiedFromId" FROM stands.event_facts WHERE "event_id" = $1`, [
          id,
        ])) as unknown[]
      )[0];
    await events.apply(facts(id, 2, { seriesId: series, copiedFromId: original }));
    await events.apply(facts(id, 1));
    expect(await stored()).toEqual({ seriesId: series, copiedFromId: original });
    // Taken out of its series (edited on its own): the newer facts say so.
    await events.apply(facts(id, 3, { copiedFromId: original }));
    expect(await stored()).toEqual({ seriesId: null, copiedFromId: original });
  });

  it('applies a message once: a repeat or an older one changes nothing', async () => {
    const id = randomUUID();
    expect(await events.apply(facts(id, 2))).not.toBeNull();
    expect(await events.apply(facts(id, 2))).toBeNull();
    expect(await events.apply(facts(id, 1, { allowStandRegistration: false }))).toBeNull();
    expect((await events.find(id))?.allowStandRegistration).toBe(true);
  });

  it('answers the facts before and after each change it applies, and nothing for one it skips', async () => {
    const id = randomUUID();
    const first = await events.apply(facts(id, 1));
    expect(first).toEqual({ previous: null, current: await events.find(id) });

    const moved = await events.apply(
      facts(id, 2, { startDateTime: '2031-05-17T08:00:00.000Z', endDateTime: '2031-05-17T14:00:00.000Z', location: 'Heumarkt, Köln' }),
    );
    expect(moved?.previous).toEqual(first?.current);
    expect(moved?.current).toMatchObject({ startDateTime: '2031-05-17T08:00:00.000Z', location: 'Heumarkt, Köln', status: 'planned' });

    const cancelled = await events.apply(
      facts(id, 4, { startDateTime: '2031-05-17T08:00:00.000Z', endDateTime: '2031-05-17T14:00:00.000Z', status: 'cancelled', cancelReason: 'Regen' }),
    );
    expect([cancelled?.previous?.status, cancelled?.current.status, cancelled?.current.cancelReason]).toEqual(['planned', 'cancelled', 'Regen']);
    // The late message between them is older: no change, no previous/current for anyone to act on.
    expect(await events.apply(facts(id, 3))).toBeNull();
    await events.forget(id);
    expect(await events.apply(facts(id, 5))).toBeNull();
  });

  it("runs the caller's work in the transaction of the change: it fails, the change is not applied and the retry sees it again", async () => {
    const id = randomUUID();
    await events.apply(facts(id, 1));
    const seen: Array<[string | undefined, string]> = [];
    const failing = events.apply(facts(id, 2, { status: 'cancelled' }), async (change, manager) => {
      seen.push([change.previous?.status, change.current.status]);
      // Written in the same transaction, like a mail into the outbox.
      await manager.query(`INSERT INTO stands.outbox ("queue", "name", "payload") VALUES ('mail-outgoing', 'MailRequested', '{}'::jsonb)`);
      throw new Error('mail could not be written');
    });
    await expect(failing).rejects.toThrow('mail could not be written');
    expect((await events.find(id))?.status).toBe('planned');
    expect(await ds.query('SELECT 1 FROM stands.outbox')).toEqual([]);

    const retried = await events.apply(
      facts(id, 2, { status: 'cancelled' }),
      async (change) => void seen.push([change.previous?.status, change.current.status]),
    );
    expect(retried?.current.status).toBe('cancelled');
    expect(seen).toEqual([
      ['planned', 'cancelled'],
      ['planned', 'cancelled'],
    ]);
  });

  it('applies concurrent messages about a new event one after the other, each seeing the one before', async () => {
    const id = randomUUID();
    const changes = await Promise.all([1, 2, 3, 4, 5, 6].map((v) => events.apply(facts(id, v, { location: `Ort ${v}` }))));
    const applied = changes.filter((c) => c !== null);
    // Exactly one of them found nothing before it; every other one found the facts of a lower version.
    expect(applied.filter((c) => c.previous === null)).toHaveLength(1);
    for (const c of applied) if (c.previous) expect(Number(c.previous.location.slice(4))).toBeLessThan(Number(c.current.location.slice(4)));
    expect((await events.find(id))?.location).toBe('Ort 6');
  });

  it('keeps a deleted event deleted, whatever arrives before or after the deletion', async () => {
    const id = randomUUID();
    const handlers = withReadModels(cascadeHandlers(new StandCommands(ds)), events, users, new PhotoStatesReadModel(ds), new ReminderWishesReadModel(ds));
    await handlers.EventFactsChanged(facts(id, 1));
    await handlers.EventDeleted({ eventId: id });
    await handlers.EventFactsChanged(facts(id, 2));
    await handlers.EventDeleted({ eventId: id });
    expect(await events.find(id)).toBeNull();

    // The deletion overtook the event's creation: the late facts bring nothing back.
    const overtaken = randomUUID();
    await handlers.EventDeleted({ eventId: overtaken });
    await handlers.EventFactsChanged(facts(overtaken, 1));
    expect(await events.find(overtaken)).toBeNull();
  });

  it('runs the stands cascade after the tombstone, once', async () => {
    const id = randomUUID();
    await ds.getRepository(StandEntity).insert({ eventId: id, exhibitorId: randomUUID(), status: 'approved' });
    const handlers = withReadModels(cascadeHandlers(new StandCommands(ds)), events, users, new PhotoStatesReadModel(ds), new ReminderWishesReadModel(ds));
    await handlers.EventDeleted({ eventId: id });
    await handlers.EventDeleted({ eventId: id });
    expect(await ds.getRepository(StandEntity).countBy({ eventId: id })).toBe(0);
    expect(await events.find(id)).toBeNull();
  });

  it('asks the events service only about an event it has not heard of (down here: 503)', async () => {
    const id = randomUUID();
    expect(await unavailable(events.find(id))).toBe(true);
    await events.apply(facts(id, 1));
    expect((await events.find(id))?.id).toBe(id);
    expect(await events.find('not-an-id')).toBeNull();
  });

  it('reads a list of events at once, leaving out deleted ones and one the events service cannot tell of now', async () => {
    const [first, second, deleted, unheard] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await events.apply(facts(first, 1));
    await events.apply(facts(second, 1, { name: 'Zweiter Markt' }));
    await events.apply(facts(deleted, 1));
    await events.forget(deleted);
    const found = await events.findMany([first, second, second, deleted, unheard, 'not-an-id']);
    expect([...found.keys()].sort()).toEqual([first, second].sort());
    expect(found.get(second)?.name).toBe('Zweiter Markt');
    expect(await events.findMany([])).toEqual(new Map());
  });

  it('skips a message with a malformed id instead of failing it for ever', async () => {
    expect(await events.apply(facts('nope', 1))).toBeNull();
    await events.forget('nope');
    expect(await ds.query('SELECT 1 FROM stands.event_facts')).toEqual([]);
  });
});

describe('user names (UserProfileChanged, UserDeleted)', () => {
  const profile = (userId: string, version: number, firstName: string | null, lastName: string | null = 'Berg', email: string | null = null): Profile => ({
    userId,
    firstName,
    lastName,
    email,
    profilePublic: true,
    version,
  });

  async function namesAfter(messages: Profile[]) {
    await ds.query('TRUNCATE stands.user_names');
    for (const m of messages) await users.apply(m);
    return users.exhibitors([messages[0].userId]);
  }

  it('ends in the newest names whether messages come in order, twice or reversed', async () => {
    const id = randomUUID();
    const older = profile(id, 10, 'Anna');
    const newer = profile(id, 11, 'Annika', null);
    const inOrder = await namesAfter([older, newer]);
    expect(inOrder.get(id)).toEqual({ id, firstName: 'Annika', lastName: null });
    expect(await namesAfter([older, newer, newer])).toEqual(inOrder);
    expect(await namesAfter([newer, older, newer])).toEqual(inOrder);
  });

  it('names a list from the copy alone, in one go, while auth is down', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await users.apply(profile(a, 1, 'Anna'));
    await users.apply(profile(b, 2, 'Bernd', 'Kurz'));
    const names = await users.exhibitors([a, b, a]);
    expect([...names.values()]).toEqual(
      expect.arrayContaining([
        { id: a, firstName: 'Anna', lastName: 'Berg' },
        { id: b, firstName: 'Bernd', lastName: 'Kurz' },
      ]),
    );
    expect(names.size).toBe(2);
  });

  it('leaves a user it has not heard of yet without names, instead of failing the read (stands never asks auth)', async () => {
    const [known, unheard] = [randomUUID(), randomUUID()];
    await users.apply(profile(known, 1, 'Anna'));
    const names = await users.exhibitors([known, unheard]);
    expect(names.get(known)?.firstName).toBe('Anna');
    expect(names.has(unheard)).toBe(false);
  });

  it('keeps the newest announced address for stand notices; a message without one keeps the stored one; a deletion drops it', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await users.apply(profile(a, 1, 'Anna', 'Berg', 'anna@example.de'));
    await users.apply(profile(a, 3, 'Anna', 'Berg', 'anna.neu@example.de'));
    await users.apply(profile(a, 2, 'Anna', 'Berg', 'alt@example.de'));
    await users.apply(profile(b, 1, 'Bernd', 'Kurz', 'bernd@example.de'));
    await users.apply(profile(b, 2, 'Bernd', 'Kurz', null));
    expect(await users.emails([a, b, randomUUID()])).toEqual(
      new Map([
        [a, 'anna.neu@example.de'],
        [b, 'bernd@example.de'],
      ]),
    );
    await users.forget(b);
    expect(await users.emails([b])).toEqual(new Map());
  });

  it('keeps whether the profile is public as the newest message says; a stand read of a private one carries profilePublic: false', async () => {
    const id = randomUUID();
    const madePrivate = { ...profile(id, 2, 'Pia'), profilePublic: false };
    expect((await namesAfter([profile(id, 1, 'Pia'), madePrivate])).get(id)).toEqual({ id, firstName: 'Pia', lastName: 'Berg', profilePublic: false });
    expect((await namesAfter([madePrivate, profile(id, 1, 'Pia')])).get(id)?.profilePublic).toBe(false);
    expect((await namesAfter([madePrivate, profile(id, 3, 'Pia')])).get(id)).toEqual({ id, firstName: 'Pia', lastName: 'Berg' });
  });

  it('says whether a user exists without asking auth: known yes, deleted 404; one not heard of yet exists for themself or with a stand, nameless', async () => {
    const [known, deleted, unheard, newcomer, withStand] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await users.apply(profile(known, 1, 'Anna'));
    await users.apply(profile(deleted, 1, 'Dora'));
    const handlers = withReadModels(cascadeHandlers(new StandCommands(ds)), events, users, new PhotoStatesReadModel(ds), new ReminderWishesReadModel(ds));
    await handlers.UserDeleted({ userId: deleted });
    await handlers.UserProfileChanged(profile(deleted, 2, 'Dora'));
    await ds
      .getRepository(StandEntity)
      .save({ eventId: randomUUID(), exhibitorId: withStand, status: 'pending', description: 'Bücher', categories: ['Bücher'] });

    expect((await users.existing(known, API_ERRORS.userNotFound)).get(known)?.firstName).toBe('Anna');
    await expect(users.existing(deleted, API_ERRORS.userNotFound)).rejects.toMatchObject({ code: 'NOT_FOUND', message: API_ERRORS.userNotFound });
    await expect(users.existing(deleted, API_ERRORS.userNotFound, { id: deleted })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(users.existing(unheard, API_ERRORS.userNotFound)).rejects.toMatchObject({ code: 'NOT_FOUND', message: API_ERRORS.userNotFound });
    expect((await users.existing(newcomer, API_ERRORS.userNotFound, { id: newcomer })).get(newcomer)).toEqual({
      id: newcomer,
      firstName: null,
      lastName: null,
    });
    expect((await users.existing(withStand, API_ERRORS.userNotFound)).get(withStand)).toEqual({ id: withStand, firstName: null, lastName: null });
    expect(await users.exhibitors([deleted, unheard])).toEqual(new Map());
  });
});
