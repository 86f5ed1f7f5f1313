import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, Repository } from 'typeorm';
import { API_ERRORS, QUEUES, ZExhibitorProfileUpdate } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { UserDeletionService } from './admin/user-deletion.service.js';
import type { TAuthEnv } from './config.js';
import { ExhibitorProfileEntity } from './profiles/exhibitor-profile.entity.js';
import { ExhibitorProfilesService } from './profiles/exhibitor-profiles.service.js';
import { freshAuthDatabase, type FreshDatabase } from './testing/fresh-database.js';
import { refusal } from './testing/refusal.js';
import { UserEntity } from './users/user.entity.js';
import { UsersService } from './users/users.service.js';

/** The queries behind the user, profile, exhibitor and admin calls, against a fresh database. */
describe('users and exhibitor profiles', () => {
  let fresh: FreshDatabase;
  let ds: DataSource;
  let userRepo: Repository<UserEntity>;
  let profileRepo: Repository<ExhibitorProfileEntity>;
  let users: UsersService;
  let profiles: ExhibitorProfilesService;
  let counter = 0;

  const newUser = (fields: Partial<UserEntity> = {}) => userRepo.save(userRepo.create({ email: `person${++counter}@example.de`, ...fields }));

  beforeAll(async () => {
    fresh = await freshAuthDatabase();
    ds = fresh.ds;
    userRepo = ds.getRepository(UserEntity);
    profileRepo = ds.getRepository(ExhibitorProfileEntity);
    users = new UsersService(userRepo, { ADMIN_EMAILS: [] } as unknown as TAuthEnv);
    profiles = new ExhibitorProfilesService(profileRepo);
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  describe('users', () => {
    it('lists everyone newest first, ties in a stable order', async () => {
      const old = await newUser({ createdAt: new Date('2024-01-01T00:00:00Z') });
      const mid = await newUser({ createdAt: new Date('2025-01-01T00:00:00Z') });
      const young = await newUser({ createdAt: new Date('2026-01-01T00:00:00Z') });
      const ids = (await users.listNewestFirst()).map((u) => u.id).filter((id) => [old.id, mid.id, young.id].includes(id));
      expect(ids).toEqual([young.id, mid.id, old.id]);
    });

    it('stores new names and moves updatedAt', async () => {
      const user = await newUser({ firstName: 'Alt', updatedAt: new Date('2024-01-01T00:00:00Z') });
      await users.updateNames(user, { firstName: 'Neu', lastName: 'Name' });
      const read = await userRepo.findOneByOrFail({ id: user.id });
      expect(read).toMatchObject({ firstName: 'Neu', lastName: 'Name' });
      expect(read.updatedAt.getTime()).toBeGreaterThan(new Date('2024-01-02T00:00:00Z').getTime());
    });

    it('changes the role', async () => {
      const user = await newUser();
      await users.setRole(user, 'organizer');
      expect((await userRepo.findOneByOrFail({ id: user.id })).role).toBe('organizer');
    });

    it('answers 404 for unknown and malformed ids', async () => {
      expect((await refusal(users.get('00000000-0000-4000-8000-000000000000'))).message).toBe(API_ERRORS.userNotFound);
      expect((await refusal(users.get('nope'))).code).toBe('NOT_FOUND');
    });
  });

  describe('profiles', () => {
    it('creates one profile per user; a second one is a 409, also when both race', async () => {
      const user = await newUser();
      const created = await profiles.create(user.id, {
        bio: 'Bücher',
        specialties: ['Bücher'],
        kleinanzeigenUrl: null,
        vintedUrl: null,
        visibility: 'public' as const,
      });
      expect(created).toMatchObject({ userId: user.id });
      const second = await refusal(
        profiles.create(user.id, { bio: null, specialties: [], kleinanzeigenUrl: null, vintedUrl: null, visibility: 'public' as const }),
      );
      expect(second).toMatchObject({ code: 'CONFLICT', message: API_ERRORS.profileExists });

      const racer = await newUser();
      const input = { bio: null, specialties: [], kleinanzeigenUrl: null, vintedUrl: null, visibility: 'public' as const };
      const results = await Promise.allSettled([profiles.create(racer.id, input), profiles.create(racer.id, input), profiles.create(racer.id, input)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
      expect(await profileRepo.countBy({ userId: racer.id })).toBe(1);
    });

    it('lists the profile of a user, nothing for a malformed id', async () => {
      const user = await newUser();
      const created = await profiles.create(user.id, { bio: 'x', specialties: [], kleinanzeigenUrl: null, vintedUrl: null, visibility: 'public' as const });
      expect((await profiles.listForUser(user.id)).map((p) => p.id)).toEqual([created.id]);
      expect(await profiles.listForUser('not-a-uuid')).toEqual([]);
      expect((await refusal(profiles.get('not-a-uuid'))).message).toBe(API_ERRORS.profileNotFound);
    });

    it('updates the fields sent, keeps the ones left out, clears with null', async () => {
      const user = await newUser();
      const created = await profiles.create(user.id, {
        bio: 'Alt',
        specialties: ['Bücher'],
        kleinanzeigenUrl: 'https://k.example/a',
        vintedUrl: null,
        visibility: 'public' as const,
      });
      await profiles.update(created, ZExhibitorProfileUpdate.parse({ bio: null, vintedUrl: 'https://v.example/b' }));
      expect(await profileRepo.findOneByOrFail({ id: created.id })).toMatchObject({
        bio: null,
        specialties: ['Bücher'],
        kleinanzeigenUrl: 'https://k.example/a',
        vintedUrl: 'https://v.example/b',
      });
    });
  });

  describe('deleting a user', () => {
    const outboxFor = (userId: string) =>
      ds.getRepository(OutboxMessageEntity).createQueryBuilder('m').where(`m.payload->>'userId' = :userId`, { userId }).orderBy('m.queue').getMany();

    it('removes the user and their profile and announces UserDeleted to events and stands in one go', async () => {
      const user = await newUser();
      await profiles.create(user.id, { bio: 'weg', specialties: [], kleinanzeigenUrl: null, vintedUrl: null, visibility: 'public' as const });
      await new UserDeletionService(ds).delete(user.id);
      expect(await userRepo.existsBy({ id: user.id })).toBe(false);
      expect(await profileRepo.existsBy({ userId: user.id })).toBe(false);
      // (Creating the profile announced the user first; the deletion's messages are the UserDeleted ones.)
      const messages = (await outboxFor(user.id)).filter((m) => m.name !== 'UserProfileChanged');
      expect(messages.map((m) => [m.queue, m.name, m.payload])).toEqual([
        [QUEUES.events, 'UserDeleted', { userId: user.id }],
        [QUEUES.stands, 'UserDeleted', { userId: user.id }],
      ]);
    });

    it('announces nothing and keeps nothing half-done when the user is already gone', async () => {
      const user = await newUser();
      await userRepo.delete({ id: user.id });
      expect((await refusal(new UserDeletionService(ds).delete(user.id))).code).toBe('NOT_FOUND');
      expect(await outboxFor(user.id)).toEqual([]);
    });
  });
});
