import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { FAVOURITE_MESSAGES, FAVOURITES_MAX_PER_KIND, VALIDATION } from '@flohmarkt/contracts';
import { DomainError } from '@flohmarkt/server-kit';
import { UserDeletionService } from '../admin/user-deletion.service.js';
import { freshAuthDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { UserEntity } from '../users/user.entity.js';
import { FavouritesService } from './favourites.service.js';

/* A user's favourites against real PostgreSQL: idempotent writes, deletions by message, and the limit. */

let fresh: FreshDatabase;
let ds: DataSource;
let favourites: FavouritesService;
let counter = 0;

const newUser = () => ds.getRepository(UserEntity).save({ email: `fav${++counter}@example.de` });

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
    expect(await favourites.list(ada.id)).toEqual({ events: [event], stands: [standB, standA] });
    expect(await favourites.list(bob.id)).toEqual({ events: [], stands: [] });

    await favourites.remove(ada.id, 'stands', standA);
    await favourites.remove(ada.id, 'stands', standA);
    await favourites.remove(ada.id, 'events', randomUUID());
    expect(await favourites.list(ada.id)).toEqual({ events: [event], stands: [standB] });
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
    expect(await favourites.list(ada.id)).toEqual({ events: [], stands: [other] });
    expect(await favourites.list(bob.id)).toEqual({ events: [], stands: [other] });

    await favourites.add(ada.id, 'stands', stand);
    expect(await favourites.list(ada.id)).toEqual({ events: [], stands: [other] });
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
