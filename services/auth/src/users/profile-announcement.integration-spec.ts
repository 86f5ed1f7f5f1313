import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataSource, Repository } from 'typeorm';
import { JOB_PAYLOADS, QUEUES, type TJobPayload } from '@flohmarkt/contracts';
import { JsonLogger, OutboxMessageEntity, OutboxRelay, bullConnection, bullPrefix, migrate } from '@flohmarkt/server-kit';
import { migrateBefore } from '@flohmarkt/server-kit/testing';
import { UserDeletionService } from '../admin/user-deletion.service.js';
import type { TAuthEnv } from '../config.js';
import { AUTH_MIGRATIONS } from '../database.js';
import { freshAuthDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { UserEntity } from './user.entity.js';
import { UsersService, type ProviderIdentity } from './users.service.js';

/*
 * The stands service's read model of display names, as auth announces it: UserProfileChanged in
 * the transaction of every write that can change a name (sign-in, the profile form), with a
 * version that grows per user in commit order, and for every user of an existing database by the
 * migration. UserDeleted is the tombstone.
 */

type Profile = TJobPayload<'UserProfileChanged'>;
const ISSUER = 'https://id.flohmarkt.example/realms/flohmarkt';

let fresh: FreshDatabase;
let ds: DataSource;
let repo: Repository<UserEntity>;
let users: UsersService;
let counter = 0;

const identity = (fields: Partial<ProviderIdentity> = {}): ProviderIdentity => ({
  issuer: ISSUER,
  subject: `sub-${++counter}`,
  email: `person${counter}@example.de`,
  emailVerified: true,
  firstName: 'Erika',
  lastName: 'Muster',
  ...fields,
});

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

/** The names messages in the outbox as the consumer reads them (parsed), by version, all to the stands queue. */
async function announced(on: DataSource = ds): Promise<Profile[]> {
  const rows = await on.getRepository(OutboxMessageEntity).find({ where: { name: 'UserProfileChanged' } });
  expect(rows.every((r) => r.queue === QUEUES.stands)).toBe(true);
  return rows.map((r) => JOB_PAYLOADS.UserProfileChanged.parse(r.payload)).sort((a, b) => a.version - b.version);
}

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

describe('backfill of an existing database (migrations AnnounceUserProfiles and AnnounceUserEmails)', () => {
  const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = bullPrefix(`names-it-${randomBytes(4).toString('hex')}:`);
  const standsQueue = new Queue(QUEUES.stands, { connection, prefix });
  let old: FreshDatabase;

  afterAll(async () => {
    await standsQueue.obliterate({ force: true });
    await standsQueue.close();
    await connection.quit();
    await old?.drop();
  });

  it('announces the names, then the addresses, of every existing user, and the relay delivers them to the stands queue', async () => {
    old = await freshAuthDatabase({ migrated: false });
    await migrateBefore(old.db, AUTH_MIGRATIONS, 'AnnounceUserProfiles1763700000020');
    const oldUsers = old.ds.getRepository(UserEntity);
    const named = await oldUsers.save(oldUsers.create({ email: 'anna@example.de', firstName: 'Anna', lastName: 'Berg' }));
    const nameless = await oldUsers.save(oldUsers.create({ email: 'ohne@example.de' }));

    expect(await migrate(old.db)).toEqual(expect.arrayContaining(['AnnounceUserProfiles1763700000020', 'AnnounceUserEmails1763700000040']));
    const backfilled = await announced(old.ds);
    const byUser = (m: { userId: string }, n: { userId: string }) => m.userId.localeCompare(n.userId);
    // Names first (the address parses as null: that message never had one), then the addresses with a higher version.
    expect(
      backfilled
        .slice(0, 2)
        .map(({ version: _, ...m }) => m)
        .sort(byUser),
    ).toEqual(
      [
        // (Messages from before profile visibility parse as public: it was the only kind then.)
        { userId: named.id, firstName: 'Anna', lastName: 'Berg', email: null, profilePublic: true },
        { userId: nameless.id, firstName: null, lastName: null, email: null, profilePublic: true },
      ].sort(byUser),
    );
    expect(
      backfilled
        .slice(2)
        .map(({ version: _, ...m }) => m)
        .sort(byUser),
    ).toEqual(
      [
        { userId: named.id, firstName: 'Anna', lastName: 'Berg', email: 'anna@example.de', profilePublic: true },
        { userId: nameless.id, firstName: null, lastName: null, email: 'ohne@example.de', profilePublic: true },
      ].sort(byUser),
    );

    const relay = new OutboxRelay({ dataSource: old.ds, connection, prefix, logger: new JsonLogger('names-spec', 'error') });
    expect(await relay.relayBatch()).toBe(4);
    const jobs = await standsQueue.getJobs(['waiting']);
    expect(jobs.map((j) => [j.name, (j.data as Profile).userId]).sort()).toEqual(
      [
        ['UserProfileChanged', named.id],
        ['UserProfileChanged', named.id],
        ['UserProfileChanged', nameless.id],
        ['UserProfileChanged', nameless.id],
      ].sort(),
    );

    // The next change of a backfilled user comes after the backfill's versions.
    const backfillVersion = Math.max(...backfilled.filter((m) => m.userId === named.id).map((m) => m.version));
    await new UsersService(oldUsers, { ADMIN_EMAILS: [] } as unknown as TAuthEnv).updateNames(named, { firstName: 'Anna', lastName: 'Neu' });
    expect((await announced(old.ds)).map((m) => [m.userId, m.version > backfillVersion])).toEqual([[named.id, true]]);
  });
});
