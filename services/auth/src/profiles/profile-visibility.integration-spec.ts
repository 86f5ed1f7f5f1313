import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, Repository } from 'typeorm';
import { API_ERRORS, QUEUES, ZExhibitorProfileCreate } from '@flohmarkt/contracts';
import { DomainError, OutboxMessageEntity, type CallerContext } from '@flohmarkt/server-kit';
import type { TAuthEnv } from '../config.js';
import { ExhibitorFiguresReadModel } from '../read-models/exhibitor-figures-read-model.js';
import { ExhibitorsController } from '../exhibitors/exhibitors.controller.js';
import { freshAuthDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { UserPageController } from '../users/user-page.controller.js';
import { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { ExhibitorProfileEntity } from './exhibitor-profile.entity.js';
import { ExhibitorProfilesController } from './exhibitor-profiles.controller.js';
import { ExhibitorProfilesService } from './exhibitor-profiles.service.js';

/**
 * A private seller profile (issue 20) against a real database: its page, the user page and the profile
 * list answer as if it did not exist to everyone but its user and admins, and every change of the
 * switch is announced to the stands service (UserProfileChanged with profilePublic) in its transaction.
 */
describe('profile visibility', () => {
  let fresh: FreshDatabase;
  let ds: DataSource;
  let userRepo: Repository<UserEntity>;
  let exhibitors: ExhibitorsController;
  let userPages: UserPageController;
  let profileCalls: ExhibitorProfilesController;
  let counter = 0;

  const newUser = () => userRepo.save(userRepo.create({ email: `privat${++counter}@example.de`, firstName: 'Pia', lastName: 'Privat' }));
  const as = (user: { id: string }, role: CallerContext['role'] = 'participant'): CallerContext => ({ id: user.id, role });

  async function notFound(promise: Promise<unknown>): Promise<void> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: API_ERRORS.userNotFound });
  }

  /** The announcements of the user to the stands service, in version order, as their payloads. */
  const announcements = async (userId: string) =>
    (
      await ds
        .getRepository(OutboxMessageEntity)
        .createQueryBuilder('m')
        // Each goes to the stands service and (issue 36, the team's names) to the events service: the stands' copy here.
        .where(`m.payload->>'userId' = :userId AND m.name = 'UserProfileChanged' AND m.queue = :queue`, { userId, queue: QUEUES.stands })
        .getMany()
    )
      .map((m) => m.payload as { profilePublic: boolean; version: number })
      .sort((a, b) => a.version - b.version);

  beforeAll(async () => {
    fresh = await freshAuthDatabase();
    ds = fresh.ds;
    userRepo = ds.getRepository(UserEntity);
    const users = new UsersService(userRepo, { ADMIN_EMAILS: [] } as unknown as TAuthEnv);
    const profiles = new ExhibitorProfilesService(ds.getRepository(ExhibitorProfileEntity));
    const figures = new ExhibitorFiguresReadModel(ds);
    exhibitors = new ExhibitorsController(users, profiles, figures);
    userPages = new UserPageController(users, profiles);
    profileCalls = new ExhibitorProfilesController(profiles, figures);
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  it('is public by default, for a user without a profile too', async () => {
    const user = await newUser();
    expect((await exhibitors.read(user.id, null)).id).toBe(user.id);
    const created = await profileCalls.create(as(user), { bio: 'Bücher' });
    expect(created.visibility).toBe('public');
    expect(await profileCalls.list(user.id, null)).toHaveLength(1);
    expect((await userPages.read(user.id, null)).id).toBe(user.id);
  });

  it('made private, answers 404 to the signed-out and to other users, and the whole page to the user and admins', async () => {
    const user = await newUser();
    const stranger = await newUser();
    const created = await profileCalls.create(as(user), { bio: 'Schallplatten' });
    const updated = await profileCalls.update(created.id, as(user), { visibility: 'private' });
    expect(updated).toMatchObject({ visibility: 'private', bio: 'Schallplatten' });

    for (const caller of [null, as(stranger), as(stranger, 'organizer')]) {
      await notFound(exhibitors.read(user.id, caller));
      await notFound(userPages.read(user.id, caller));
      expect(await profileCalls.list(user.id, caller)).toEqual([]);
    }
    // Changing it is hidden the same way (a 403 would tell that the private profile exists); an admin may see it but not change it.
    for (const caller of [as(stranger), as(stranger, 'organizer')]) {
      await notFound(userPages.update(user.id, caller, { firstName: 'X', lastName: 'Y' }));
      await expect(profileCalls.update(created.id, caller, { bio: 'Übernommen' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: API_ERRORS.profileNotFound,
      });
    }
    await expect(userPages.update(user.id, as(stranger, 'admin'), { firstName: 'X', lastName: 'Y' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(profileCalls.update(created.id, as(stranger, 'admin'), { bio: 'Übernommen' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    for (const caller of [as(user), as(stranger, 'admin')]) {
      expect(await exhibitors.read(user.id, caller)).toMatchObject({ id: user.id, bio: 'Schallplatten' });
      expect((await userPages.read(user.id, caller)).id).toBe(user.id);
      expect((await profileCalls.list(user.id, caller)).map((p) => p.visibility)).toEqual(['private']);
    }

    // Public again: everyone sees it.
    await profileCalls.update(created.id, as(user), { visibility: 'public' });
    expect((await exhibitors.read(user.id, null)).bio).toBe('Schallplatten');
  });

  it('can start private, and every change is announced to the stands service, the newest version carrying the last state', async () => {
    const user = await newUser();
    const created = await profileCalls.create(as(user), { visibility: 'private' });
    await notFound(exhibitors.read(user.id, null));
    await profileCalls.update(created.id, as(user), { bio: 'Nur die Bio' });
    await profileCalls.update(created.id, as(user), { visibility: 'public' });
    const sent = await announcements(user.id);
    expect(sent.map((p) => p.profilePublic)).toEqual([false, false, true]);
    expect(new Set(sent.map((p) => p.version)).size).toBe(3);
  });

  it('refuses a visibility outside the two, in German', () => {
    const parsed = ZExhibitorProfileCreate.safeParse({ visibility: 'friends' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Ungültige Sichtbarkeit des Profils: erlaubt sind public und private.');
  });
});
