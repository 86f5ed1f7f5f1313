import { describe, expect, it } from 'vitest';
import { isAdmin, mayEditOwnRecord, maySeeEmail, maySeeProfile } from './permissions.js';

const ANNA = '11111111-1111-4111-8111-111111111111';
const BERT = '22222222-2222-4222-8222-222222222222';

describe('user permissions', () => {
  it('knows admins only by role', () => {
    expect(isAdmin({ id: ANNA, role: 'admin' })).toBe(true);
    expect(isAdmin({ id: ANNA, role: 'organizer' })).toBe(false);
    expect(isAdmin({ id: ANNA, role: 'participant' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('shows the e-mail to the person and to admins, to nobody else', () => {
    expect(maySeeEmail({ id: ANNA, role: 'participant' }, ANNA)).toBe(true);
    expect(maySeeEmail({ id: BERT, role: 'admin' }, ANNA)).toBe(true);
    expect(maySeeEmail({ id: BERT, role: 'organizer' }, ANNA)).toBe(false);
    expect(maySeeEmail(null, ANNA)).toBe(false);
  });

  it('lets only the owner edit their record, admins included', () => {
    expect(mayEditOwnRecord({ id: ANNA, role: 'participant' }, ANNA)).toBe(true);
    expect(mayEditOwnRecord({ id: BERT, role: 'admin' }, ANNA)).toBe(false);
  });

  it('shows a private profile to its user and admins only; a public one, or none, to everyone', () => {
    expect(maySeeProfile(null, ANNA, 'private')).toBe(false);
    expect(maySeeProfile({ id: BERT, role: 'organizer' }, ANNA, 'private')).toBe(false);
    expect(maySeeProfile({ id: ANNA, role: 'participant' }, ANNA, 'private')).toBe(true);
    expect(maySeeProfile({ id: BERT, role: 'admin' }, ANNA, 'private')).toBe(true);
    expect(maySeeProfile(null, ANNA, 'public')).toBe(true);
    expect(maySeeProfile(null, ANNA, undefined)).toBe(true);
  });
});
