import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from 'typeorm';
import type { TAuthEnv } from '../config.js';
import { freshAuthDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { ISSUER, identity } from '../testing/identities.js';
import { refusal } from '../testing/refusal.js';
import { UserEntity } from './user.entity.js';
import { SIGN_IN_REFUSALS, UsersService, providerSaysEmailUnverified } from './users.service.js';

const ADMIN = 'chefin@flohmarkt.example';

/** Sign-in against a fresh database: who gets which account, and who gets none. */
describe('sign-in by provider identity', () => {
  let fresh: FreshDatabase;
  let repo: Repository<UserEntity>;
  let users: UsersService;

  /** A user from before `iss` + `sub` were kept. */
  const legacyUser = (email: string, fields: Partial<UserEntity> = {}) => repo.save(repo.create({ email, ...fields }));

  beforeAll(async () => {
    fresh = await freshAuthDatabase();
    repo = fresh.ds.getRepository(UserEntity);
    users = new UsersService(repo, { ADMIN_EMAILS: [ADMIN] } as unknown as TAuthEnv);
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  it('makes a new account linked to iss + sub, with the e-mail in lower case', async () => {
    const who = identity({ email: '  Neu.Person@Example.DE ' });
    const user = await users.signIn(who);
    expect(await repo.findOneByOrFail({ id: user.id })).toMatchObject({
      email: 'neu.person@example.de',
      oidcIssuer: ISSUER,
      oidcSubject: who.subject,
      firstName: 'Erika',
      role: 'participant',
    });
  });

  it('finds the same account by iss + sub at every sign-in, and one only when two first sign-ins meet', async () => {
    const who = identity();
    const [a, b] = await Promise.all([users.signIn(who), users.signIn(who)]);
    expect(b.id).toBe(a.id);
    expect((await users.signIn({ ...who, email: who.email.toUpperCase() })).id).toBe(a.id);
    expect(await repo.countBy({ oidcSubject: who.subject })).toBe(1);
  });

  it('keeps the account when the e-mail changes at the provider, and the stored e-mail follows the verified one', async () => {
    const who = identity({ email: 'alt@example.de' });
    const before = await users.signIn(who);
    const after = await users.signIn({ ...who, email: 'Neu@Example.de' });
    expect(after.id).toBe(before.id);
    expect((await repo.findOneByOrFail({ id: before.id })).email).toBe('neu@example.de');
  });

  it('keeps the stored e-mail while the new one is unverified or belongs to another account', async () => {
    const other = await users.signIn(identity({ email: 'vergeben@example.de' }));
    const who = identity({ email: 'bleibt@example.de' });
    const user = await users.signIn(who);
    expect((await users.signIn({ ...who, email: 'ungeprueft@example.de', emailVerified: false })).id).toBe(user.id);
    expect((await users.signIn({ ...who, email: 'vergeben@example.de' })).id).toBe(user.id);
    expect((await repo.findOneByOrFail({ id: user.id })).email).toBe('bleibt@example.de');
    expect((await repo.findOneByOrFail({ id: other.id })).email).toBe('vergeben@example.de');
  });

  it('links a user from before iss + sub once, by the same verified e-mail, and by iss + sub from then on', async () => {
    const legacy = await legacyUser('frueher@example.de', { firstName: 'Eigener Name', role: 'organizer' });
    const who = identity({ email: 'Frueher@example.de', firstName: 'Vom Anbieter' });
    const linked = await users.signIn(who);
    expect(linked.id).toBe(legacy.id);
    expect(await repo.findOneByOrFail({ id: legacy.id })).toMatchObject({
      oidcIssuer: ISSUER,
      oidcSubject: who.subject,
      firstName: 'Eigener Name',
      role: 'organizer',
    });
    expect((await users.signIn({ ...who, email: 'spaeter@example.de' })).id).toBe(legacy.id);
  });

  it('does not let an unverified e-mail open an existing account, nor make a second one', async () => {
    const legacy = await legacyUser('opfer@example.de');
    const err = await refusal(users.signIn(identity({ email: 'opfer@example.de', emailVerified: false })));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(SIGN_IN_REFUSALS.unverifiedEmailTaken);
    expect(await repo.findOneByOrFail({ id: legacy.id })).toMatchObject({ oidcIssuer: null, oidcSubject: null });
    expect(await repo.countBy({ email: 'opfer@example.de' })).toBe(1);
  });

  it('does not let another provider identity into a linked account, even with the same verified e-mail', async () => {
    const owner = await users.signIn(identity({ email: 'besitzerin@example.de' }));
    for (const emailVerified of [true, false]) {
      const err = await refusal(users.signIn(identity({ email: 'BESITZERIN@example.de', emailVerified })));
      expect(err.code).toBe('CONFLICT');
      expect(err.message).toBe(SIGN_IN_REFUSALS.emailTaken);
    }
    expect(await repo.findOneByOrFail({ id: owner.id })).toMatchObject({ oidcSubject: owner.oidcSubject });
    // The same subject at another issuer is another person too.
    await refusal(users.signIn({ ...identity({ email: 'besitzerin@example.de' }), issuer: 'https://other.example', subject: owner.oidcSubject! }));
  });

  it('makes no account for an e-mail the provider says is unverified, and links none by it (403, in German)', async () => {
    const who = identity({ email: 'Ungeprueft.Neu@example.de', emailVerified: false, emailUnverified: true });
    const err = await refusal(users.signIn(who));
    expect(err.code).toBe('FORBIDDEN');
    expect(err.message).toBe(SIGN_IN_REFUSALS.unverifiedEmail);
    expect(await repo.countBy({ email: 'ungeprueft.neu@example.de' })).toBe(0);
    expect(await repo.countBy({ oidcSubject: who.subject })).toBe(0);

    const legacy = await legacyUser('unverlinkt@example.de');
    expect((await refusal(users.signIn(identity({ email: 'unverlinkt@example.de', emailVerified: false, emailUnverified: true })))).code).toBe('FORBIDDEN');
    expect(await repo.findOneByOrFail({ id: legacy.id })).toMatchObject({ oidcIssuer: null, oidcSubject: null });

    // Once the provider has verified it, the same person gets their account.
    expect((await users.signIn({ ...who, emailVerified: true, emailUnverified: false })).email).toBe('ungeprueft.neu@example.de');
  });

  it('keeps an existing account signing in when the provider calls a new e-mail unverified; the stored one stays', async () => {
    const who = identity({ email: 'konto@example.de' });
    const user = await users.signIn(who);
    expect((await users.signIn({ ...who, email: 'neu.ungeprueft@example.de', emailVerified: false, emailUnverified: true })).id).toBe(user.id);
    expect((await repo.findOneByOrFail({ id: user.id })).email).toBe('konto@example.de');
  });

  it('reads email_verified false (or "false") as said outright, and a missing claim as nothing said', () => {
    expect(providerSaysEmailUnverified({ email_verified: false })).toBe(true);
    expect(providerSaysEmailUnverified({ email_verified: 'false' })).toBe(true);
    expect(providerSaysEmailUnverified({})).toBe(false);
    expect(providerSaysEmailUnverified({ email_verified: true })).toBe(false);
  });

  it('makes an account for a new e-mail whose verification the provider does not state, without ADMIN_EMAILS', async () => {
    const who = identity({ email: ADMIN.toUpperCase(), emailVerified: false });
    const user = await users.signIn(who);
    expect(user).toMatchObject({ email: ADMIN, role: 'participant' });
    expect((await users.signIn(who)).role).toBe('participant');
    // Once the provider has verified the address, the role follows ADMIN_EMAILS.
    expect((await users.signIn({ ...who, emailVerified: true })).role).toBe('admin');
    expect((await repo.findOneByOrFail({ id: user.id })).role).toBe('admin');
  });

  it('grants admin to a verified e-mail in ADMIN_EMAILS at the first sign-in, and to a linked legacy user', async () => {
    await repo.delete({ email: ADMIN });
    expect((await users.signIn(identity({ email: ADMIN }))).role).toBe('admin');
    await repo.delete({ email: ADMIN });
    const legacy = await legacyUser(ADMIN);
    const user = await users.signIn(identity({ email: ADMIN }));
    expect(user.id).toBe(legacy.id);
    expect((await repo.findOneByOrFail({ id: legacy.id })).role).toBe('admin');
  });
});
