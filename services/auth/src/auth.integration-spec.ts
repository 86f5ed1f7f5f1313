import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate, pendingSchemaChanges, type ServiceDatabase } from '@flohmarkt/server-kit';
import { AUTH_ENTITIES, AUTH_MIGRATIONS } from './database.js';
import { ExhibitorProfileEntity } from './profiles/exhibitor-profile.entity.js';
import { UserEntity } from './users/user.entity.js';

const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `flohmarkt_it_${randomBytes(6).toString('hex')}`;
const db: ServiceDatabase = { url: `${SERVER}/${dbName}`, schema: 'auth', entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS };

async function onServer(sql: string): Promise<void> {
  const admin = new DataSource({ type: 'postgres', url: `${SERVER}/postgres` });
  await admin.initialize();
  try {
    await admin.query(sql);
  } finally {
    await admin.destroy();
  }
}

describe('auth database', () => {
  let ds: DataSource;

  beforeAll(async () => {
    await onServer(`CREATE DATABASE "${dbName}"`);
    await migrate(db);
    ds = new DataSource(dataSourceOptions(db));
    await ds.initialize();
  });

  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    await onServer(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
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

  it('keeps one exhibitor profile per user, with empty specialties and zero counters', async () => {
    const user = await ds.getRepository(UserEntity).save({ email: 'bert@example.de' });
    const profiles = ds.getRepository(ExhibitorProfileEntity);
    const saved = await profiles.save(profiles.create({ userId: user.id, bio: 'Bücher' }));
    expect(await profiles.findOneByOrFail({ id: saved.id })).toMatchObject({
      userId: user.id,
      specialties: [],
      totalStands: 0,
      avgRating: '0.00',
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
