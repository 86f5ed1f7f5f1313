import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { JOB_RETRY, QUEUES, type TJobPayload } from '@flohmarkt/contracts';
import { JsonLogger, bullConnection, bullPrefix, startConsumer } from '@flohmarkt/server-kit';
import { UserDeletionService } from '../admin/user-deletion.service.js';
import type { TAuthEnv } from '../config.js';
import { freshAuthDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { authJobHandlers } from '../jobs/auth-job-handlers.js';
import { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { FavouritesService } from '../favourites/favourites.service.js';
import { ExhibitorFiguresReadModel } from './exhibitor-figures-read-model.js';

/*
 * The exhibitor figures as auth keeps them: from the stands service's ExhibitorStatsChanged, the
 * newest version winning whatever the order and number of deliveries.
 */

type Change = TJobPayload<'ExhibitorStatsChanged'>;

let fresh: FreshDatabase;
let ds: DataSource;
let model: ExhibitorFiguresReadModel;
let counter = 0;

const newUser = () => ds.getRepository(UserEntity).save({ email: `figures${++counter}@example.de` });
const figuresOf = async (userId: string) => (await model.of([userId])).get(userId);

beforeAll(async () => {
  fresh = await freshAuthDatabase();
  ds = fresh.ds;
  model = new ExhibitorFiguresReadModel(ds);
});

afterAll(async () => {
  await fresh?.drop();
});

describe('ExhibitorFiguresReadModel', () => {
  it('answers zero figures for a user it has heard nothing of, and a malformed id', async () => {
    const user = await newUser();
    expect(await model.of([user.id, 'not-a-uuid'])).toEqual(
      new Map([
        [user.id, { totalStands: 0, avgRating: '0.00' }],
        ['not-a-uuid', { totalStands: 0, avgRating: '0.00' }],
      ]),
    );
  });

  it('applies a newer version and answers the figures with the rating as two decimals', async () => {
    const user = await newUser();
    expect(await model.apply({ userId: user.id, totalStands: 2, avgRating: 4.5, version: 1 })).toBe(true);
    expect(await figuresOf(user.id)).toEqual({ totalStands: 2, avgRating: '4.50' });
    expect(await model.apply({ userId: user.id, totalStands: 3, avgRating: 4.33, version: 2 })).toBe(true);
    expect(await figuresOf(user.id)).toEqual({ totalStands: 3, avgRating: '4.33' });
  });

  it('leaves the same state for a message delivered twice as for one delivered once', async () => {
    const [once, twice] = [await newUser(), await newUser()];
    const change = (userId: string, version: number, totalStands: number): Change => ({ userId, totalStands, avgRating: 4, version });
    await model.apply(change(once.id, 1, 1));
    await model.apply(change(once.id, 2, 2));
    await model.apply(change(twice.id, 1, 1));
    await model.apply(change(twice.id, 2, 2));
    expect(await model.apply(change(twice.id, 2, 2))).toBe(false);
    expect(await model.apply(change(twice.id, 1, 1))).toBe(false);
    expect(await figuresOf(twice.id)).toEqual(await figuresOf(once.id));
    expect(await figuresOf(twice.id)).toEqual({ totalStands: 2, avgRating: '4.00' });
  });

  it('leaves the same state for messages in reverse order as in order', async () => {
    const [inOrder, reversed] = [await newUser(), await newUser()];
    const changes = (userId: string): Change[] => [
      { userId, totalStands: 1, avgRating: 5, version: 1 },
      { userId, totalStands: 2, avgRating: 4.5, version: 2 },
      { userId, totalStands: 1, avgRating: 4, version: 3 },
    ];
    for (const c of changes(inOrder.id)) await model.apply(c);
    for (const c of changes(reversed.id).reverse()) await model.apply(c);
    expect(await figuresOf(reversed.id)).toEqual(await figuresOf(inOrder.id));
    expect(await figuresOf(reversed.id)).toEqual({ totalStands: 1, avgRating: '4.00' });
  });

  it('keeps nothing for a user auth does not have (deleted: the cascade announces their 0 late)', async () => {
    const user = await newUser();
    await model.apply({ userId: user.id, totalStands: 2, avgRating: 3, version: 1 });
    await new UserDeletionService(ds).delete(user.id);
    expect(await ds.query(`SELECT 1 FROM auth.exhibitor_figures WHERE user_id = $1`, [user.id])).toEqual([]);
    expect(await model.apply({ userId: user.id, totalStands: 0, avgRating: 0, version: 2 })).toBe(false);
    expect(await model.apply({ userId: randomUUID(), totalStands: 1, avgRating: 5, version: 1 })).toBe(false);
    expect(await ds.query(`SELECT 1 FROM auth.exhibitor_figures WHERE user_id = $1`, [user.id])).toEqual([]);
  });
});

describe('the auth queue consumer', () => {
  const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = bullPrefix(`figures-it-${randomBytes(4).toString('hex')}:`);
  const queue = new Queue(QUEUES.auth, { connection, prefix });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await connection.quit();
  });

  it('applies ExhibitorStatsChanged jobs, also the backfill version 1 arriving after a newer change', async () => {
    const users = new UsersService(ds.getRepository(UserEntity), { ADMIN_EMAILS: [] } as unknown as TAuthEnv);
    const worker = startConsumer('auth', authJobHandlers(users, model, new FavouritesService(ds)), {
      connection,
      prefix,
      logger: new JsonLogger('auth-spec', 'error'),
    });
    try {
      const [backfilled, late] = [await newUser(), await newUser()];
      const add = (id: string, data: Change) => queue.add('ExhibitorStatsChanged', data, { jobId: id, attempts: JOB_RETRY.attempts });
      await add('b1', { userId: backfilled.id, totalStands: 3, avgRating: 4.25, version: 1 });
      // A review of `late` overtook its backfill message: the backfill's older figures must not win.
      await add('l2', { userId: late.id, totalStands: 1, avgRating: 2, version: 2 });
      await add('l1', { userId: late.id, totalStands: 1, avgRating: 0, version: 1 });
      await add('l2-again', { userId: late.id, totalStands: 1, avgRating: 2, version: 2 });
      const deadline = Date.now() + 10_000;
      while ((await queue.getCompletedCount()) < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await queue.getFailedCount()).toBe(0);
      expect(await figuresOf(backfilled.id)).toEqual({ totalStands: 3, avgRating: '4.25' });
      expect(await figuresOf(late.id)).toEqual({ totalStands: 1, avgRating: '2.00' });
    } finally {
      await worker.close();
    }
  });
});
