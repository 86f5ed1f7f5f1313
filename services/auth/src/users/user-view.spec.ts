import { describe, expect, it } from 'vitest';
import { ZAdminUser, ZPublicUser, ZUser } from '@flohmarkt/contracts';
import type { UserEntity } from './user.entity.js';
import { toAdminUser, toAuthUser, toPublicUser } from './user-view.js';

const entity: UserEntity = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'anna@example.de',
  oidcIssuer: 'https://id.example',
  oidcSubject: 'anna-1',
  firstName: 'Anna',
  lastName: 'Schmidt',
  profileImageUrl: null,
  role: 'organizer',
  createdAt: new Date('2025-05-01T10:00:00Z'),
  updatedAt: new Date('2025-05-02T10:00:00Z'),
};

describe('user views', () => {
  it('leaves the e-mail out of the public page entirely', () => {
    const page = toPublicUser(entity, false);
    expect(page).not.toHaveProperty('email');
    expect(ZPublicUser.parse(page)).toEqual({
      id: entity.id,
      firstName: 'Anna',
      lastName: 'Schmidt',
      profileImageUrl: null,
      role: 'organizer',
      createdAt: '2025-05-01T10:00:00.000Z',
      updatedAt: '2025-05-02T10:00:00.000Z',
    });
  });

  it('adds the e-mail when the caller may see it: then it is a full user', () => {
    expect(ZUser.parse(toPublicUser(entity, true)).email).toBe('anna@example.de');
  });

  it('keeps the provider identity (iss, sub) inside the service', () => {
    for (const view of [toAuthUser(entity), toPublicUser(entity, true), toAdminUser(entity)]) {
      expect(JSON.stringify(view)).not.toMatch(/id\.example|anna-1|oidc/);
    }
  });

  it('answers admin rows with e-mail and role', () => {
    expect(ZAdminUser.parse(toAdminUser(entity))).toMatchObject({ email: 'anna@example.de', role: 'organizer' });
  });
});
