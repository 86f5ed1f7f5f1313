import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { FAVOURITE_MESSAGES, FAVOURITES_MAX_PER_KIND, JOB_PAYLOADS, QUEUES, VALIDATION, type TJobPayload } from '@flohmarkt/contracts';
import { DomainError, OutboxMessageEntity, type CallerContext } from '@flohmarkt/server-kit';
import { UserDeletionService } from '../admin/user-deletion.service.js';
import { freshAuthDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { UserEntity } from '../users/user.entity.js';
import { FavouritesController } from './favourites.controller.js';
import { FavouritesService } from './favourites.service.js';

/* A user's favourites against real PostgreSQL: idempotent writes, deletions by message, the limit, and the reminders (issue 34). */

let fresh: FreshDatabase;
let ds: DataSource;
let favourites: FavouritesService;
let controller: FavouritesController;
let counter = 0;

const newUser = () => ds.getRepository(UserEntity).save({ email: `fav${++counter}@example.de` });

/** The user's ReminderWishChanged messages as the stands service reads them (parsed), by version; all to the stands queue. */
async function wishes(userId: string): Promise<TJobPayload<'ReminderWishChanged'>[]> {
  const rows = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'ReminderWishChanged' } });
  expect(rows.every((row) => row.queue === QUEUES.stands)).toBe(true);
  return rows
    .map((row) => JOB_PAYLOADS.ReminderWishChanged.parse(row.payload))
    .filter((wish) => wish.userId === userId)
    .sort((a, b) => a.version - b.version);
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

beforeAll(async () => {
  fresh = await freshAuthDatabase();
  ds = fresh.ds;
  favourites = new FavouritesService(ds);
  controller = new FavouritesController(favourites);
});

afterAll(async () => {
  await fresh?.drop();
});

describe('FavouritesService', () => {
  it('keeps events and stands per user, newest first, and PUT/DELETE twice change nothing more', async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const [event, standA, standB] = [randomUUID(), randomUUID(), randomUUID()];
    await favourites.add(ada.id, 'events', event);
    await favourites.add(ada.id, 'stands', standA);
    await favourites.add(ada.id, 'stands', standA);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await favourites.add(ada.id, 'stands', standB.toUpperCase());
    expect(await favourites.list(ada.id)).toEqual({ events: [event], stands: [standB, standA], reminders: [] });
    expect(await favourites.list(bob.id)).toEqual({ events: [], stands: [], reminders: [] });

    await favourites.remove(ada.id, 'stands', standA);
    await favourites.remove(ada.id, 'stands', standA);
    await favourites.remove(ada.id, 'events', randomUUID());
    expect(await favourites.list(ada.id)).toEqual({ events: [event], stands: [standB], reminders: [] });
  });

  it('answers 400 for a malformed id', async () => {
    const user = await newUser();
    const error = await rejection(favourites.add(user.id, 'stands', 'nicht-eine-id'));
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe(VALIDATION.invalidId);
  });

  it('drops a deleted event or stand from every list, and a later PUT of it is accepted but not kept', async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const [event, stand, other] = [randomUUID(), randomUUID(), randomUUID()];
    for (const user of [ada, bob]) {
      await favourites.add(user.id, 'events', event);
      await favourites.add(user.id, 'stands', stand);
      await favourites.add(user.id, 'stands', other);
    }
    await favourites.forget('events', event);
    await favourites.forget('stands', stand);
    await favourites.forget('stands', stand);
    await favourites.forget('stands', 'kaputt');
    expect(await favourites.list(ada.id)).toEqual({ events: [], stands: [other], reminders: [] });
    expect(await favourites.list(bob.id)).toEqual({ events: [], stands: [other], reminders: [] });

    await favourites.add(ada.id, 'stands', stand);
    expect(await favourites.list(ada.id)).toEqual({ events: [], stands: [other], reminders: [] });
  });

  it('refuses an entry beyond the limit with a German 400, but a repeated PUT of a kept one still passes', async () => {
    const user = await newUser();
    const s = ds.driver.schema ?? 'public';
    await ds.query(`INSERT INTO "${s}"."favourites" ("user_id", "kind", "target_id") SELECT $1, 'events', gen_random_uuid() FROM generate_series(1, $2)`, [
      user.id,
      FAVOURITES_MAX_PER_KIND - 1,
    ]);
    const last = randomUUID();
    await favourites.add(user.id, 'events', last);
    await favourites.add(user.id, 'events', last);
    const error = await rejection(favourites.add(user.id, 'events', randomUUID()));
    expect(error.message).toBe(FAVOURITE_MESSAGES.tooMany);
    await favourites.add(user.id, 'stands', randomUUID());
  });

  it('goes with the user', async () => {
    const user = await newUser();
    await favourites.add(user.id, 'stands', randomUUID());
    await new UserDeletionService(ds).delete(user.id);
    const s = ds.driver.schema ?? 'public';
    expect(await ds.query(`SELECT 1 FROM "${s}"."favourites" WHERE "user_id" = $1`, [user.id])).toEqual([]);
  });
});

describe('reminders the evening before (issue 34)', () => {
  /** PUT /api/me/favourites/{kind}/{id}?remind=… as the signed-in user sends it. */
  const put = (user: { id: string }, kind: string, id: string, query: Record<string, unknown> = {}) =>
    controller.add({ id: user.id } as CallerContext, kind, id, query);

  it("switches a kept event's reminder on and off, keeps it when left out, and lists it in the order of events", async () => {
    const user = await newUser();
    const [market, fair, newOne] = [randomUUID(), randomUUID(), randomUUID()];
    await put(user, 'events', market, { remind: 'true' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await put(user, 'events', fair);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await put(user, 'events', newOne);
    expect(await favourites.list(user.id)).toEqual({ events: [newOne, fair, market], stands: [], reminders: [market] });

    await put(user, 'events', fair, { remind: 'true' });
    await put(user, 'events', market);
    expect((await favourites.list(user.id)).reminders).toEqual([fair, market]);

    await put(user, 'events', market, { remind: 'false' });
    expect(await favourites.list(user.id)).toEqual({ events: [newOne, fair, market], stands: [], reminders: [fair] });
  });

  it('answers 400 for remind on a stand and for a remind that is not true or false, and keeps nothing', async () => {
    const user = await newUser();
    const [stand, event] = [randomUUID(), randomUUID()];
    for (const remind of ['true', 'false']) {
      const error = await rejection(put(user, 'stands', stand, { remind }));
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toBe(FAVOURITE_MESSAGES.remindEventsOnly);
    }
    for (const remind of ['maybe', '', ['true', 'false']]) {
      const error = await rejection(put(user, 'events', event, { remind }));
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toBe(FAVOURITE_MESSAGES.invalidRemind);
    }
    expect(await favourites.list(user.id)).toEqual({ events: [], stands: [], reminders: [] });
    await put(user, 'stands', stand);
    expect(await favourites.list(user.id)).toEqual({ events: [], stands: [stand], reminders: [] });
    expect(await wishes(user.id)).toEqual([]);
  });

  it('drops the reminder with the event, and a kept-again event starts without', async () => {
    const user = await newUser();
    const event = randomUUID();
    await put(user, 'events', event, { remind: 'true' });
    await favourites.remove(user.id, 'events', event);
    expect(await favourites.list(user.id)).toEqual({ events: [], stands: [], reminders: [] });
    await put(user, 'events', event);
    expect(await favourites.list(user.id)).toEqual({ events: [event], stands: [], reminders: [] });
  });

  it('announces every change of the wish once, with versions growing in the order of the changes', async () => {
    const user = await newUser();
    const [event, other, stand] = [randomUUID(), randomUUID(), randomUUID()];
    await put(user, 'events', event, { remind: 'true' });
    await put(user, 'events', event, { remind: 'true' });
    await put(user, 'events', event);
    await put(user, 'events', event, { remind: 'false' });
    await put(user, 'events', event, { remind: 'false' });
    await put(user, 'events', event, { remind: 'true' });
    await favourites.remove(user.id, 'events', event);
    await favourites.remove(user.id, 'events', event);
    await put(user, 'events', event, { remind: 'true' });
    // Without a reminder nothing is announced: a kept event, one switched off that never was on, a removed one, a stand.
    await put(user, 'events', other, { remind: 'false' });
    await favourites.remove(user.id, 'events', other);
    await put(user, 'stands', stand);
    await favourites.remove(user.id, 'stands', stand);

    const announced = await wishes(user.id);
    expect(announced.map(({ version: _, ...wish }) => wish)).toEqual(
      [true, false, true, false, true].map((remind) => ({ userId: user.id, eventId: event, remind })),
    );
    const versions = announced.map((wish) => wish.version);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('announces nothing for an event already deleted, nor when a deletion drops it (the stands service ends those wishes itself)', async () => {
    const user = await newUser();
    const [gone, kept] = [randomUUID(), randomUUID()];
    await favourites.forget('events', gone);
    await put(user, 'events', gone, { remind: 'true' });
    await put(user, 'events', kept, { remind: 'true' });
    await favourites.forget('events', kept);
    expect(await favourites.list(user.id)).toEqual({ events: [], stands: [], reminders: [] });
    expect((await wishes(user.id)).map((wish) => [wish.eventId, wish.remind])).toEqual([[kept, true]]);
  });

  it('refuses a remind beyond the limit like any other new entry, announcing nothing', async () => {
    const user = await newUser();
    const s = ds.driver.schema ?? 'public';
    await ds.query(`INSERT INTO "${s}"."favourites" ("user_id", "kind", "target_id") SELECT $1, 'events', gen_random_uuid() FROM generate_series(1, $2)`, [
      user.id,
      FAVOURITES_MAX_PER_KIND,
    ]);
    const error = await rejection(put(user, 'events', randomUUID(), { remind: 'true' }));
    expect(error.message).toBe(FAVOURITE_MESSAGES.tooMany);
    expect(await wishes(user.id)).toEqual([]);
  });

  it('under concurrent switches, the highest version carries the reminder as it stands', async () => {
    const user = await newUser();
    const event = randomUUID();
    await put(user, 'events', event);
    const switches = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'false' : 'true'));
    await Promise.all(switches.map((remind) => put(user, 'events', event, { remind })));
    await Promise.all([put(user, 'events', event, { remind: 'true' }), favourites.remove(user.id, 'events', event)]);
    await Promise.all([put(user, 'events', event, { remind: 'true' }), put(user, 'events', event, { remind: 'true' })]);

    const announced = await wishes(user.id);
    const shown = (await favourites.list(user.id)).reminders.includes(event);
    expect(announced.at(-1)?.remind ?? false).toBe(shown);
    // Each message changes the wish: no two in a row say the same.
    expect(announced.every((wish, i) => i === 0 || wish.remind !== announced[i - 1].remind)).toBe(true);
  });
});
