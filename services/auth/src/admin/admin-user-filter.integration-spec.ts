import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repository } from 'typeorm';
import { DomainError } from '@flohmarkt/server-kit';
import type { TAuthEnv } from '../config.js';
import { freshAuthDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { parseAdminUserFilter } from './admin-user-filter.js';

/** The admin's user search (issue 30, A1): `GET /api/admin/users?q=&role=` as the controller parses and the service queries it. */
describe('admin user list, searched and filtered', () => {
  let fresh: FreshDatabase;
  let repo: Repository<UserEntity>;
  let users: UsersService;

  const add = (fields: Partial<UserEntity>) => repo.save(repo.create(fields));
  const emails = async (query: Record<string, unknown>) => (await users.listNewestFirst(parseAdminUserFilter(query))).map((u) => u.email);

  beforeAll(async () => {
    fresh = await freshAuthDatabase();
    repo = fresh.ds.getRepository(UserEntity);
    users = new UsersService(repo, { ADMIN_EMAILS: [] } as unknown as TAuthEnv);
    await add({ email: 'vera.veranstalter@example.de', firstName: 'Vera', lastName: 'Müller', role: 'organizer', createdAt: new Date('2026-01-01T00:00:00Z') });
    await add({ email: 'sven@example.de', firstName: 'Sven', lastName: 'Seller', role: 'participant', createdAt: new Date('2026-02-01T00:00:00Z') });
    await add({
      email: 'anna_admin@example.org',
      firstName: 'Anna',
      lastName: 'Müller-Lüdenscheidt',
      role: 'admin',
      createdAt: new Date('2026-03-01T00:00:00Z'),
    });
    await add({ email: 'annaxadmin@example.org', firstName: null, lastName: null, role: 'participant', createdAt: new Date('2026-04-01T00:00:00Z') });
  }, 60_000);

  afterAll(async () => {
    await fresh?.drop();
  });

  it('without a filter lists everyone, newest first', async () => {
    expect(await emails({})).toEqual(['annaxadmin@example.org', 'anna_admin@example.org', 'sven@example.de', 'vera.veranstalter@example.de']);
  });

  it('finds by a part of the e-mail, first name, last name or the full name, in any case', async () => {
    expect(await emails({ q: 'SVEN@' })).toEqual(['sven@example.de']);
    expect(await emails({ q: 'müller' })).toEqual(['anna_admin@example.org', 'vera.veranstalter@example.de']);
    expect(await emails({ q: ' Vera Müller ' })).toEqual(['vera.veranstalter@example.de']);
    expect(await emails({ q: 'niemand' })).toEqual([]);
  });

  it('takes % and _ in the search literally', async () => {
    expect(await emails({ q: 'anna_' })).toEqual(['anna_admin@example.org']);
    expect(await emails({ q: '%' })).toEqual([]);
  });

  it('filters by role, alone and with a search', async () => {
    expect(await emails({ role: 'organizer' })).toEqual(['vera.veranstalter@example.de']);
    expect(await emails({ role: 'participant', q: 'anna' })).toEqual(['annaxadmin@example.org']);
    expect(await emails({ role: '', q: '' })).toHaveLength(4);
  });

  it('refuses an unknown role, a repeated or an overlong search with a German 400', () => {
    for (const query of [{ role: 'superuser' }, { q: ['a', 'b'] }, { q: 'x'.repeat(201) }]) {
      let error: unknown;
      try {
        parseAdminUserFilter(query);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(query)).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('VALIDATION');
      expect((error as DomainError).message).toMatch(
        /^(Unbekannte Rolle\.|Bitte gib genau einen Suchbegriff an\.|Der Suchbegriff darf höchstens 200 Zeichen lang sein\.)$/,
      );
    }
  });
});
