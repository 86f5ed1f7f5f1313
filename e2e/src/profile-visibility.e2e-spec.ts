import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { apiCall, mustCall, signedInSession, type Answer } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';
import { eventually } from './support/until.js';

/*
 * Issue 20, "a user can make their profile private", through the gateway: once Pia switches her seller
 * profile to private, her exhibitor page, user page, profile, stand lists and review list are gone for the
 * public and other users (404 as for an unknown user, lists empty) and her stand still shows her name but
 * says the profile is not public (the web app then links nowhere); she and admins still see everything.
 * Switched back, it is all public again.
 */

const ADMIN_EMAIL = 'admin.privat@flohmarkt.example';
const DAY = 24 * 3600 * 1000;
let stack: TestStack;
let pia: HttpSession & { id: string };
let stranger: HttpSession & { id: string };
let admin: HttpSession & { id: string };
let organiser: HttpSession & { id: string };
let standId: string;
let profileId: string;

const call = (who: HttpSession | null, method: string, path: string, body?: unknown): Promise<Answer> => apiCall(stack.publicUrl, who, method, path, body);

const must = (who: HttpSession | null, method: string, path: string, body?: unknown): Promise<Answer['body']> =>
  mustCall(stack.publicUrl, who, method, path, body);

/** The answers of every read under Pia's id, as `who` gets them: status, and the length of the lists. */
async function readsOfPia(who: HttpSession | null): Promise<Record<string, number | string>> {
  const paths = [
    `/api/exhibitors/${pia.id}`,
    `/api/users/${pia.id}`,
    `/api/stands?exhibitorId=${pia.id}`,
    `/api/stands/user/${pia.id}`,
    `/api/users/${pia.id}/stands`,
    `/api/exhibitor-profiles?userId=${pia.id}`,
    `/api/reviews?exhibitorId=${pia.id}`,
  ];
  const seen: Record<string, number | string> = {};
  for (const path of paths) {
    const answer = await call(who, 'GET', path);
    seen[path] = answer.status !== 200 ? `${answer.status} ${answer.body?.message}` : Array.isArray(answer.body) ? `200 [${answer.body.length}]` : 200;
  }
  return seen;
}

beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN_EMAIL });
  [pia, stranger, admin, organiser] = await Promise.all([
    signedInSession(stack.publicUrl, 'pia.privat@example.org', 'Pia', 'Privatmann'),
    signedInSession(stack.publicUrl, 'sven.privat@example.org', 'Sven', 'Fremd'),
    signedInSession(stack.publicUrl, ADMIN_EMAIL, 'Ada', 'Admin'),
    signedInSession(stack.publicUrl, 'olga.privat@example.org', 'Olga', 'Organisatorin'),
  ]);
  const start = new Date(Date.now() + 5 * DAY);
  const centre = { latitude: 50.9413, longitude: 6.9583 };
  const event = await must(organiser, 'POST', '/api/events', {
    name: 'Trödelmarkt Südstadt',
    location: 'Südstadt, Köln',
    startDateTime: start.toISOString(),
    endDateTime: new Date(start.getTime() + 5 * 3600_000).toISOString(),
    ...centre,
  });
  standId = (
    await must(pia, 'POST', '/api/stands', {
      eventId: event.id,
      description: 'Bücher und Schallplatten',
      categories: ['Bücher'],
      latitude: '50.9420',
      longitude: '6.9590',
    })
  ).id;
  await must(organiser, 'PATCH', `/api/stands/${standId}/approve-draft`);
  profileId = (await must(pia, 'POST', '/api/exhibitor-profiles', { bio: 'Alte Bücher aus dem Keller' })).id;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a private seller profile', () => {
  it('is public by default: everyone reads the page and the lists, and the stand links to it', async () => {
    const reads = await readsOfPia(null);
    expect(Object.values(reads).filter((r) => typeof r === 'string' && !r.startsWith('200'))).toEqual([]);
    const stand = (await call(null, 'GET', `/api/stands/${standId}`)).body;
    expect(stand.exhibitorId).toBe(pia.id);
    expect(stand.exhibitor.profilePublic).toBeUndefined();
  });

  it('made private, is not there for the signed-out and other users; the stand keeps the name without the link', async () => {
    const switched = await call(pia, 'PUT', `/api/exhibitor-profiles/${profileId}`, { visibility: 'private' });
    expect(switched.status).toBe(200);
    expect(switched.body.visibility).toBe('private');
    await eventually(async () => expect((await call(null, 'GET', `/api/stands/${standId}`)).body.exhibitor.profilePublic).toBe(false));
    const gone = `404 ${API_ERRORS.userNotFound}`;
    const hidden = {
      [`/api/exhibitors/${pia.id}`]: gone,
      [`/api/users/${pia.id}`]: gone,
      [`/api/stands?exhibitorId=${pia.id}`]: gone,
      [`/api/stands/user/${pia.id}`]: gone,
      [`/api/users/${pia.id}/stands`]: gone,
      [`/api/exhibitor-profiles?userId=${pia.id}`]: '200 [0]',
      [`/api/reviews?exhibitorId=${pia.id}`]: '200 [0]',
    };
    expect(await readsOfPia(null)).toEqual(hidden);
    expect(await readsOfPia(stranger)).toEqual(hidden);
    const stand = (await call(null, 'GET', `/api/stands/${standId}`)).body;
    expect(stand.exhibitor).toMatchObject({ firstName: 'Pia', profilePublic: false });
  });

  it('stays whole for Pia herself and for admins', async () => {
    for (const who of [pia, admin]) {
      const reads = await readsOfPia(who);
      expect(reads[`/api/exhibitors/${pia.id}`]).toBe(200);
      expect(reads[`/api/users/${pia.id}`]).toBe(200);
      expect(reads[`/api/stands/user/${pia.id}`]).toBe('200 [1]');
      expect(reads[`/api/exhibitor-profiles?userId=${pia.id}`]).toBe('200 [1]');
    }
  });

  it('refuses another visibility in German, and switched back is public again', async () => {
    const wrong = await call(pia, 'PUT', `/api/exhibitor-profiles/${profileId}`, { visibility: 'freunde' });
    expect(wrong).toEqual({ status: 400, body: { message: 'Ungültige Sichtbarkeit des Profils: erlaubt sind public und private.' } });
    expect((await call(pia, 'PUT', `/api/exhibitor-profiles/${profileId}`, { visibility: 'public' })).status).toBe(200);
    await eventually(async () => expect((await call(null, 'GET', `/api/stands/${standId}`)).body.exhibitor.profilePublic).toBeUndefined());
    expect((await call(null, 'GET', `/api/exhibitors/${pia.id}`)).body.bio).toBe('Alte Bücher aus dem Keller');
    expect((await call(stranger, 'GET', `/api/users/${pia.id}/stands`)).body.map((s: { id: string }) => s.id)).toEqual([standId]);
  });
});
