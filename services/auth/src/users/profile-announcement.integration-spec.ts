import 'reflect-metadata';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataSource, Repository } from 'typeorm';
import { JOB_PAYLOADS, QUEUES, type TJobPayload } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { UserDeletionService } from '../admin/user-deletion.service.js';
import type { TAuthEnv } from '../config.js';
import { freshAuthDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { identity } from '../testing/identities.js';
import { UserEntity } from './user.entity.js';
import { UsersService } from './users.service.js';

/*
 * The stands service's read model of display names, as auth announces it: UserProfileChanged in
 * the transaction of every write that can change a name (sign-in, the profile form), with a
 * version that grows per user in commit order. UserDeleted is the tombstone.
 */

type Profile = TJobPayload<'UserProfileChanged'>;

let fresh: FreshDatabase;
let ds: DataSource;
let repo: Repository<UserEntity>;
let users: UsersService;

beforeAll(async () => {
  fresh = await freshAuthDatabase();
  ds = fresh.ds;
  repo = ds.getRepository(UserEntity);
  users = new UsersService(repo, { ADMIN_EMAILS: [] } as unknown as TAuthEnv);
});

afterAll(async () => {
  await fresh?.drop();
});

beforeEach(async () => {
  await ds.query('TRUNCATE auth.outbox');
});

/**
 * The names messages in the outbox as the stands service reads them (parsed), by version; each goes
 * to the events service too (issue 36: the team's names), the very same payload.
 */
async function announced(on: DataSource = ds): Promise<Profile[]> {
  const rows = await on.getRepository(OutboxMessageEntity).find({ where: { name: 'UserProfileChanged' } });
  const toStands = rows.filter((r) => r.queue === QUEUES.stands);
  const toEvents = rows.filter((r) => r.queue === QUEUES.events);
  expect(toStands.length + toEvents.length).toBe(rows.length);
  expect(toEvents.map((r) => r.payload).sort(byVersion)).toEqual(toStands.map((r) => r.payload).sort(byVersion));
  return toStands.map((r) => JOB_PAYLOADS.UserProfileChanged.parse(r.payload)).sort(byVersion);
}

const byVersion = (a: unknown, b: unknown) => (a as { version: number }).version - (b as { version: number }).version;

describe('UserProfileChanged', () => {
  it("announces a new user's names at the first sign-in and an edit's names with a higher version", async () => {
    const user = await users.signIn(identity());
    await users.updateNames(user, { firstName: 'Erika Maria', lastName: 'Muster-Berg' });
    const messages = await announced();
    const email = user.email;
    expect(messages.map(({ version: _, ...m }) => m)).toEqual([
      // The insert, then the sign-in's save (names filled only where empty: unchanged).
      { userId: user.id, firstName: 'Erika', lastName: 'Muster', email, profilePublic: true },
      { userId: user.id, firstName: 'Erika', lastName: 'Muster', email, profilePublic: true },
      { userId: user.id, firstName: 'Erika Maria', lastName: 'Muster-Berg', email, profilePublic: true },
    ]);
    expect(messages[0].version).toBeLessThan(messages[1].version);
    expect(messages[1].version).toBeLessThan(messages[2].version);
  });

  it('announces the names a later sign-in fills in', async () => {
    const who = identity({ firstName: null, lastName: null });
    const user = await users.signIn(who);
    await ds.query('TRUNCATE auth.outbox');
    await users.signIn({ ...who, firstName: 'Jana', lastName: 'Neu' });
    expect((await announced()).map(({ version: _, ...m }) => m)).toEqual([
      { userId: user.id, firstName: 'Jana', lastName: 'Neu', email: user.email, profilePublic: true },
    ]);
  });

  it("announces the new address when the provider's verified e-mail changes (stand notices go there)", async () => {
    const who = identity();
    const user = await users.signIn(who);
    await ds.query('TRUNCATE auth.outbox');
    await users.signIn({ ...who, email: 'neue.adresse@example.de' });
    const messages = await announced();
    expect(messages.at(-1)).toMatchObject({ userId: user.id, email: 'neue.adresse@example.de' });
  });

  it('carries the committed names under the highest version when edits of one user race', async () => {
    const user = await users.signIn(identity());
    await ds.query('TRUNCATE auth.outbox');
    await Promise.all(Array.from({ length: 8 }, (_, i) => users.updateNames(repo.create({ ...user }), { firstName: `Name ${i}`, lastName: 'Wettlauf' })));
    const messages = await announced();
    expect(messages).toHaveLength(8);
    const stored = await repo.findOneByOrFail({ id: user.id });
    expect(messages[7]).toMatchObject({ firstName: stored.firstName, lastName: 'Wettlauf' });
  });

  it("announces UserDeleted (the tombstone) with a user's deletion", async () => {
    const user = await users.signIn(identity());
    await ds.query('TRUNCATE auth.outbox');
    await new UserDeletionService(ds).delete(user.id);
    const rows = await ds.getRepository(OutboxMessageEntity).find();
    expect(rows.map((r) => [r.name, r.payload])).toEqual(expect.arrayContaining([['UserDeleted', { userId: user.id }]]));
    expect(await announced()).toEqual([]);
  });
});
