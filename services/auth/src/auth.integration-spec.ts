import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { migrate, pendingSchemaChanges, type ServiceDatabase } from '@flohmarkt/server-kit';
import { AUTH_MIGRATIONS } from './database.js';
import { ExhibitorProfileEntity } from './profiles/exhibitor-profile.entity.js';
import { freshAuthDatabase, type FreshDatabase } from './testing/fresh-database.js';
import { UserEntity } from './users/user.entity.js';

describe('auth database', () => {
  let fresh: FreshDatabase;
  let ds: DataSource;
  let db: ServiceDatabase;

  beforeAll(async () => {
    fresh = await freshAuthDatabase();
    ({ ds, db } = fresh);
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  it('has a migration for every entity change', async () => {
    expect(await pendingSchemaChanges(db)).toEqual([]);
  });

  it('gives a new user the role participant and refuses a second user with the same e-mail', async () => {
    const users = ds.getRepository(UserEntity);
    const saved = await users.save(users.create({ email: 'anna@example.de', firstName: 'Anna' }));
    const read = await users.findOneByOrFail({ id: saved.id });
    expect(read).toMatchObject({ email: 'anna@example.de', firstName: 'Anna', lastName: null, role: 'participant' });
    expect(read.createdAt).toBeInstanceOf(Date);
    await expect(users.insert({ email: 'anna@example.de' })).rejects.toThrow(/UQ_users_email/);
  });

  it('keeps one exhibitor profile per user, with empty specialties', async () => {
    const user = await ds.getRepository(UserEntity).save({ email: 'bert@example.de' });
    const profiles = ds.getRepository(ExhibitorProfileEntity);
    const saved = await profiles.save(profiles.create({ userId: user.id, bio: 'Bücher' }));
    expect(await profiles.findOneByOrFail({ id: saved.id })).toMatchObject({
      userId: user.id,
      specialties: [],
    });
    await expect(profiles.insert({ userId: user.id })).rejects.toThrow(/IDX_exhibitor_profiles_user_id/);
  });

  it('applies nothing when migrated again', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('reverts the migrations and applies them again', async () => {
    for (let i = 0; i < AUTH_MIGRATIONS.length; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await ds.query(`SELECT to_regclass('auth.users') AS t`)).toEqual([{ t: null }]);
    expect(await migrate(db)).toEqual(AUTH_MIGRATIONS.map((m) => m.name));
    expect(await pendingSchemaChanges(db)).toEqual([]);
  });
});
