import { describe, expect, it } from 'vitest';
import { VALIDATION } from './validation-messages.js';
import { firstMessage } from './testing/issues.js';
import { ROLES, ROLE_LABELS, ZAuthUser, ZRoleUpdate, ZUser, ZUserUpdate } from './user.js';

const user = {
  id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  email: 'anna@example.de',
  firstName: 'Anna',
  lastName: null,
  profileImageUrl: null,
  role: 'participant',
  createdAt: '2025-05-01T10:00:00.000Z',
  updatedAt: '2025-05-01T10:00:00.000Z',
};

describe('user shapes', () => {
  it('read a user and the auth user', () => {
    expect(ZUser.parse(user)).toEqual(user);
    const { createdAt: _c, updatedAt: _u, ...auth } = user;
    expect(ZAuthUser.parse(user)).toEqual(auth);
    expect(ZUser.safeParse({ ...user, role: 'king' }).success).toBe(false);
  });

  it('label the roles', () => {
    expect(ROLES).toEqual(['admin', 'organizer', 'participant']);
    expect(ROLE_LABELS).toEqual({ admin: 'Admin', organizer: 'Organisator', participant: 'Teilnehmer' });
  });
});

describe('ZUserUpdate', () => {
  it('accepts and trims names, strips other fields', () => {
    expect(ZUserUpdate.parse({ firstName: ' Anna ', lastName: 'Schmidt', role: 'admin', email: 'x@y.de' })).toEqual({
      firstName: 'Anna',
      lastName: 'Schmidt',
    });
  });

  it.each([
    [{ lastName: 'S' }, VALIDATION.firstNameRequired],
    [{ firstName: '   ', lastName: 'S' }, VALIDATION.firstNameRequired],
    [{ firstName: 'a'.repeat(51), lastName: 'S' }, VALIDATION.firstNameTooLong],
    [{ firstName: 'A' }, VALIDATION.lastNameRequired],
    [{ firstName: 'A', lastName: '' }, VALIDATION.lastNameRequired],
    [{ firstName: 'A', lastName: 'b'.repeat(51) }, VALIDATION.lastNameTooLong],
  ])('rejects %j', (body, message) => {
    expect(firstMessage(ZUserUpdate, body)).toBe(message);
  });

  it('allows exactly 50 characters', () => {
    expect(ZUserUpdate.safeParse({ firstName: 'a'.repeat(50), lastName: 'b'.repeat(50) }).success).toBe(true);
  });
});

describe('ZRoleUpdate', () => {
  it('accepts a role and refuses others in German', () => {
    expect(ZRoleUpdate.parse({ role: 'organizer' })).toEqual({ role: 'organizer' });
    expect(firstMessage(ZRoleUpdate, { role: 'root' })).toBe(VALIDATION.invalidRole);
  });
});
