import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, USER_ADMIN_ERRORS, VALIDATION, ZAdminUser, ZExhibitor, ZExhibitorProfile, ZPublicUser } from '@flohmarkt/contracts';
import { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * Users, exhibitor profiles, exhibitor pages and user administration through the gateway, with the
 * permissions of docs/product.md#permissions as the server enforces them and the order of checks of the wire
 * contract: 401 → 404 → 403 → 400 → 409 → 2xx.
 */

let stack: TestStack;
const ADMIN_EMAIL = 'admin@users.example';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Person {
  session: HttpSession;
  id: string;
  email: string;
}

let admin: Person;
let anna: Person;
let bert: Person;

async function signedIn(email: string, firstName: string, lastName: string): Promise<Person> {
  const session = new HttpSession(stack.publicUrl);
  await session.signIn({ email, firstName, lastName });
  const me = await (await session.fetch('/api/auth/user')).json();
  return { session, id: me.id, email };
}

function anonymous(): HttpSession {
  return new HttpSession(stack.publicUrl);
}

/** What JSON.parse gives: the tests read answers the way the web client does. */
type Json = ReturnType<typeof JSON.parse>;

/** A call as the browser makes it; answers the status and the parsed body (null when empty). */
async function call(session: HttpSession, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await session.fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Waits for every service to answer again after a restart (the next tests need stands). */
async function untilHealthy(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${stack.publicUrl}/api/health`)).status !== 200) {
    if (Date.now() > deadline) {
      const health = await (await fetch(`${stack.publicUrl}/api/health`)).text();
      throw new Error(`not healthy again within 30 s: ${health}; stands exited: ${JSON.stringify(stack.entries.stands.exited)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN_EMAIL });
  admin = await signedIn(ADMIN_EMAIL, 'Ada', 'Admin');
  anna = await signedIn('anna@users.example', 'Anna', 'Schmidt');
  bert = await signedIn('bert@users.example', 'Bert', 'Becker');
});
afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/users/{id}', () => {
  it('shows the public page to anyone, without the e-mail', async () => {
    for (const session of [anonymous(), bert.session]) {
      const { status, body } = await call(session, 'GET', `/api/users/${anna.id}`);
      expect(status).toBe(200);
      expect(ZPublicUser.parse(body)).toMatchObject({ id: anna.id, firstName: 'Anna', lastName: 'Schmidt', role: 'participant', profileImageUrl: null });
      expect(body).not.toHaveProperty('email');
      expect(Date.parse(body.createdAt)).not.toBeNaN();
    }
  });

  it('adds the e-mail for the user themselves and for admins', async () => {
    expect((await call(anna.session, 'GET', `/api/users/${anna.id}`)).body.email).toBe(anna.email);
    expect((await call(admin.session, 'GET', `/api/users/${anna.id}`)).body.email).toBe(anna.email);
  });

  it.each([UNKNOWN_ID, 'not-a-uuid'])('answers 404 for %s', async (id) => {
    const { status, body } = await call(anonymous(), 'GET', `/api/users/${id}`);
    expect(status).toBe(404);
    expect(body).toEqual({ message: API_ERRORS.userNotFound });
  });
});

describe('PUT /api/users/{id}', () => {
  const names = { firstName: 'Anna', lastName: 'Schmidt' };

  it('needs sign-in', async () => {
    expect((await call(anonymous(), 'PUT', `/api/users/${anna.id}`, names)).status).toBe(401);
  });

  it.each([UNKNOWN_ID, 'not-a-uuid'])('answers 404 for %s', async (id) => {
    expect(await call(anna.session, 'PUT', `/api/users/${id}`, names)).toEqual({ status: 404, body: { message: API_ERRORS.userNotFound } });
  });

  it('refuses someone else, admins included, whatever the body', async () => {
    for (const person of [bert, admin]) {
      expect(await call(person.session, 'PUT', `/api/users/${anna.id}`, names)).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
      expect((await call(person.session, 'PUT', `/api/users/${anna.id}`, {})).status).toBe(403);
    }
  });

  it.each([
    [{ lastName: 'Schmidt' }, VALIDATION.firstNameRequired],
    [{ firstName: '   ', lastName: 'Schmidt' }, VALIDATION.firstNameRequired],
    [{ firstName: 'A'.repeat(51), lastName: 'Schmidt' }, VALIDATION.firstNameTooLong],
    [{ firstName: 'Anna' }, VALIDATION.lastNameRequired],
    [{ firstName: 'Anna', lastName: '' }, VALIDATION.lastNameRequired],
    [{ firstName: 'Anna', lastName: 'S'.repeat(51) }, VALIDATION.lastNameTooLong],
  ])('answers 400 for %j', async (body, message) => {
    expect(await call(anna.session, 'PUT', `/api/users/${anna.id}`, body)).toEqual({ status: 400, body: { message } });
  });

  it('saves the own names (50 characters are fine), ignores other fields, and answers the user', async () => {
    const long = 'L'.repeat(50);
    const { status, body } = await call(anna.session, 'PUT', `/api/users/${anna.id}`, {
      firstName: ' Annika ',
      lastName: long,
      role: 'admin',
      email: 'evil@users.example',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: anna.id, firstName: 'Annika', lastName: long, email: anna.email, role: 'participant' });
    const me = await (await anna.session.fetch('/api/auth/user')).json();
    expect(me).toMatchObject({ firstName: 'Annika', lastName: long, email: anna.email, role: 'participant' });
    await call(anna.session, 'PUT', `/api/users/${anna.id}`, names);
  });
});

let people = 0;

/** A new signed-in exhibitor of the test's own: no test depends on another's profile. */
function newExhibitor(firstName = 'Anna', lastName = 'Schmidt'): Promise<Person> {
  people += 1;
  return signedIn(`aussteller${people}@users.example`, firstName, lastName);
}

const PROFILE = {
  bio: 'Bücher und Platten',
  specialties: ['Bücher', 'Schallplatten'],
  kleinanzeigenUrl: 'https://www.kleinanzeigen.de/s-bestandsliste.html?userId=1',
  vintedUrl: '',
};

/** The person's exhibitor profile, created with PROFILE; answers its id. */
async function withProfile(person: Person): Promise<string> {
  const created = await call(person.session, 'POST', '/api/exhibitor-profiles', PROFILE);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

describe('exhibitor profiles', () => {
  it('GET needs userId, and answers an empty list for a user without a profile or a malformed id', async () => {
    const newcomer = await newExhibitor();
    expect(await call(anonymous(), 'GET', '/api/exhibitor-profiles')).toEqual({ status: 400, body: { message: USER_ADMIN_ERRORS.userIdRequired } });
    expect(await call(anonymous(), 'GET', `/api/exhibitor-profiles?userId=${newcomer.id}`)).toEqual({ status: 200, body: [] });
    expect(await call(anonymous(), 'GET', '/api/exhibitor-profiles?userId=nope')).toEqual({ status: 200, body: [] });
  });

  it('POST needs sign-in', async () => {
    expect((await call(anonymous(), 'POST', '/api/exhibitor-profiles', { bio: 'x' })).status).toBe(401);
  });

  it.each([
    [{ kleinanzeigenUrl: 'keine url' }],
    [{ kleinanzeigenUrl: 'ftp://example.org/x' }],
    [{ vintedUrl: 'javascript:alert(1)' }],
    [{ vintedUrl: 'www.vinted.de/member/1' }],
  ])('POST answers 400 for %j', async (body) => {
    const newcomer = await newExhibitor();
    expect(await call(newcomer.session, 'POST', '/api/exhibitor-profiles', body)).toEqual({ status: 400, body: { message: VALIDATION.invalidUrl } });
    expect((await call(anonymous(), 'GET', `/api/exhibitor-profiles?userId=${newcomer.id}`)).body).toEqual([]);
  });

  it('POST creates the profile of the session user (a body userId is ignored), blank links as null', async () => {
    const [owner, other] = [await newExhibitor(), await newExhibitor('Bert', 'Becker')];
    const { status, body } = await call(owner.session, 'POST', '/api/exhibitor-profiles', { ...PROFILE, userId: other.id, totalStands: 99 });
    expect(status).toBe(201);
    expect(ZExhibitorProfile.parse(body)).toMatchObject({ userId: owner.id, ...PROFILE, vintedUrl: null, totalStands: 0, avgRating: '0.00' });
    expect(await call(anonymous(), 'GET', `/api/exhibitor-profiles?userId=${other.id}`)).toEqual({ status: 200, body: [] });
  });

  it('POST a second time is a 409', async () => {
    const owner = await newExhibitor();
    await withProfile(owner);
    expect(await call(owner.session, 'POST', '/api/exhibitor-profiles', { bio: 'noch eins' })).toEqual({
      status: 409,
      body: { message: API_ERRORS.profileExists },
    });
  });

  it('GET answers the profile to anyone as a one-element array', async () => {
    const owner = await newExhibitor();
    const profileId = await withProfile(owner);
    const { status, body } = await call(anonymous(), 'GET', `/api/exhibitor-profiles?userId=${owner.id}`);
    expect(status).toBe(200);
    expect(body.map((p: { id: string }) => p.id)).toEqual([profileId]);
  });

  it('PUT: 401 signed out, 404 unknown, 403 for anyone but the owner (admins too) whatever the body', async () => {
    const owner = await newExhibitor();
    const profileId = await withProfile(owner);
    expect((await call(anonymous(), 'PUT', `/api/exhibitor-profiles/${profileId}`, { bio: 'x' })).status).toBe(401);
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect(await call(owner.session, 'PUT', `/api/exhibitor-profiles/${id}`, { bio: 'x' })).toEqual({
        status: 404,
        body: { message: API_ERRORS.profileNotFound },
      });
    }
    for (const person of [bert, admin]) {
      expect(await call(person.session, 'PUT', `/api/exhibitor-profiles/${profileId}`, { bio: 'x' })).toEqual({
        status: 403,
        body: { message: API_ERRORS.forbidden },
      });
      expect((await call(person.session, 'PUT', `/api/exhibitor-profiles/${profileId}`, { vintedUrl: 'keine url' })).status).toBe(403);
    }
    expect((await call(anonymous(), 'GET', `/api/exhibitor-profiles?userId=${owner.id}`)).body[0].bio).toBe(PROFILE.bio);
  });

  it('PUT answers 400 for an invalid link', async () => {
    const owner = await newExhibitor();
    const profileId = await withProfile(owner);
    expect(await call(owner.session, 'PUT', `/api/exhibitor-profiles/${profileId}`, { vintedUrl: 'keine url' })).toEqual({
      status: 400,
      body: { message: VALIDATION.invalidUrl },
    });
  });

  it('PUT by the owner changes the fields sent and keeps the others', async () => {
    const owner = await newExhibitor();
    const profileId = await withProfile(owner);
    const { status, body } = await call(owner.session, 'PUT', `/api/exhibitor-profiles/${profileId}`, {
      bio: 'Nur noch Platten',
      vintedUrl: 'https://www.vinted.de/member/7',
      userId: bert.id,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: profileId,
      userId: owner.id,
      bio: 'Nur noch Platten',
      specialties: PROFILE.specialties,
      kleinanzeigenUrl: PROFILE.kleinanzeigenUrl,
      vintedUrl: 'https://www.vinted.de/member/7',
    });
    const [read] = (await call(anonymous(), 'GET', `/api/exhibitor-profiles?userId=${owner.id}`)).body;
    expect(read).toEqual(body);
  });
});

describe('GET /api/exhibitors/{userId}', () => {
  it('shows an exhibitor with a profile to anyone, without the e-mail', async () => {
    const exhibitor = await newExhibitor('Anna', 'Schmidt');
    await withProfile(exhibitor);
    const { status, body } = await call(anonymous(), 'GET', `/api/exhibitors/${exhibitor.id}`);
    expect(status).toBe(200);
    expect(ZExhibitor.parse(body)).toMatchObject({
      id: exhibitor.id,
      firstName: 'Anna',
      lastName: 'Schmidt',
      bio: PROFILE.bio,
      specialties: PROFILE.specialties,
      kleinanzeigenUrl: PROFILE.kleinanzeigenUrl,
      vintedUrl: null,
      totalStands: 0,
      avgRating: '0.00',
    });
    expect(body).not.toHaveProperty('email');
    const user = (await call(anonymous(), 'GET', `/api/users/${exhibitor.id}`)).body;
    expect(body.memberSince).toBe(user.createdAt);
  });

  it('shows a user without a profile with empty profile fields', async () => {
    const newcomer = await newExhibitor('Bert', 'Becker');
    const { status, body } = await call(anonymous(), 'GET', `/api/exhibitors/${newcomer.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: newcomer.id,
      firstName: 'Bert',
      bio: null,
      specialties: [],
      kleinanzeigenUrl: null,
      vintedUrl: null,
      totalStands: 0,
      avgRating: '0.00',
    });
  });

  it.each([UNKNOWN_ID, 'nope'])('answers 404 for %s', async (id) => {
    expect(await call(anonymous(), 'GET', `/api/exhibitors/${id}`)).toEqual({ status: 404, body: { message: API_ERRORS.userNotFound } });
  });
});

describe("exhibitor figures are auth's read model of the stands service's", () => {
  it('counts approved stands only, catches up with each moderation, and answers them while stands is down', async () => {
    const olga = await newExhibitor('Olga', 'Organisatorin');
    const anna = await newExhibitor();
    await withProfile(anna);
    const start = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const event = await call(olga.session, 'POST', '/api/events', {
      name: 'Hofflohmarkt',
      location: 'Berlin Mitte',
      latitude: 52.52,
      longitude: 13.405,
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 5 * 3600 * 1000).toISOString(),
    });
    expect(event.status).toBe(201);
    const stand = await call(anna.session, 'POST', '/api/stands', {
      eventId: event.body.id,
      exhibitorId: anna.id,
      description: 'Bücher und Platten aus zweiter Hand',
      categories: ['Bücher'],
      latitude: '52.5205',
      longitude: '13.4055',
    });
    expect(stand.status).toBe(201);
    const figures = async () => {
      const page = await call(anonymous(), 'GET', `/api/exhibitors/${anna.id}`);
      const profiles = await call(anonymous(), 'GET', `/api/exhibitor-profiles?userId=${anna.id}`);
      expect([page.status, profiles.status]).toEqual([200, 200]);
      const [profile] = profiles.body;
      return { page: [page.body.totalStands, page.body.avgRating], profile: [profile.totalStands, profile.avgRating] };
    };
    // The read model lags a change by the relay: poll until it shows the expected figures.
    const untilFigures = (totalStands: number) =>
      until(
        `figures ${totalStands}`,
        async () => JSON.stringify(await figures()) === JSON.stringify({ page: [totalStands, '0.00'], profile: [totalStands, '0.00'] }),
        15_000,
      );
    expect(await figures()).toEqual({ page: [0, '0.00'], profile: [0, '0.00'] });

    expect((await call(olga.session, 'PATCH', `/api/stands/${stand.body.id}/approve-draft`)).status).toBe(200);
    await untilFigures(1);

    // Auth holds the figures itself: the page answers them while stands is away.
    const stands = stack.entries.stands;
    await stack.group.stopOne(stands);
    try {
      expect(await figures()).toEqual({ page: [1, '0.00'], profile: [1, '0.00'] });
    } finally {
      stack.entries.stands = stack.group.restart(stands);
      await untilHealthy();
    }

    expect((await call(olga.session, 'PATCH', `/api/stands/${stand.body.id}/reject`)).status).toBe(200);
    await untilFigures(0);
  });
});

describe('admin: users and roles', () => {
  it('GET /api/admin/users: 401 signed out, 403 for non-admins', async () => {
    expect((await call(anonymous(), 'GET', '/api/admin/users')).status).toBe(401);
    expect(await call(anna.session, 'GET', '/api/admin/users')).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
  });

  it('GET /api/admin/users lists everyone with e-mail and role, newest first', async () => {
    const { status, body } = await call(admin.session, 'GET', '/api/admin/users');
    expect(status).toBe(200);
    const rows = body.map((row: unknown) => ZAdminUser.parse(row));
    expect(rows.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([admin.id, anna.id, bert.id]));
    expect(rows.find((r: { id: string }) => r.id === anna.id)).toMatchObject({ email: anna.email, role: 'participant' });
    expect(rows.find((r: { id: string }) => r.id === admin.id)).toMatchObject({ role: 'admin' });
    const created = rows.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // Signed in in this order: bert is newer than anna, anna newer than the admin.
    const order = rows.map((r: { id: string }) => r.id).filter((id: string) => [admin.id, anna.id, bert.id].includes(id));
    expect(order).toEqual([bert.id, anna.id, admin.id]);
  });

  it('PATCH role: 401, 404 before 403, 403 for non-admins whatever the body, 400 for an unknown role', async () => {
    expect((await call(anonymous(), 'PATCH', `/api/admin/users/${bert.id}/role`, { role: 'organizer' })).status).toBe(401);
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect(await call(admin.session, 'PATCH', `/api/admin/users/${id}/role`, { role: 'organizer' })).toEqual({
        status: 404,
        body: { message: API_ERRORS.userNotFound },
      });
      expect((await call(anna.session, 'PATCH', `/api/admin/users/${id}/role`, { role: 'organizer' })).status).toBe(404);
    }
    expect(await call(anna.session, 'PATCH', `/api/admin/users/${bert.id}/role`, { role: 'organizer' })).toEqual({
      status: 403,
      body: { message: API_ERRORS.forbidden },
    });
    expect((await call(anna.session, 'PATCH', `/api/admin/users/${anna.id}/role`, { role: 'king' })).status).toBe(403);
    for (const body of [{ role: 'king' }, {}, { role: null }]) {
      expect(await call(admin.session, 'PATCH', `/api/admin/users/${bert.id}/role`, body)).toEqual({ status: 400, body: { message: VALIDATION.invalidRole } });
    }
  });

  it('PATCH role: an admin cannot change their own role', async () => {
    expect(await call(admin.session, 'PATCH', `/api/admin/users/${admin.id}/role`, { role: 'participant' })).toEqual({
      status: 409,
      body: { message: USER_ADMIN_ERRORS.cannotChangeOwnRole },
    });
    expect((await (await admin.session.fetch('/api/auth/user')).json()).role).toBe('admin');
  });

  it('PATCH role applies at once: the user sees it in /api/auth/user and gains or loses the admin calls', async () => {
    const toOrganizer = await call(admin.session, 'PATCH', `/api/admin/users/${bert.id}/role`, { role: 'organizer' });
    expect(toOrganizer.status).toBe(200);
    expect(ZAdminUser.parse(toOrganizer.body)).toMatchObject({ id: bert.id, role: 'organizer', email: bert.email });
    expect((await (await bert.session.fetch('/api/auth/user')).json()).role).toBe('organizer');
    expect((await call(bert.session, 'GET', '/api/admin/users')).status).toBe(403);

    expect((await call(admin.session, 'PATCH', `/api/admin/users/${bert.id}/role`, { role: 'admin' })).status).toBe(200);
    expect((await (await bert.session.fetch('/api/auth/user')).json()).role).toBe('admin');
    expect((await call(bert.session, 'GET', '/api/admin/users')).status).toBe(200);
    // As an admin bert now sees e-mails on user pages.
    expect((await call(bert.session, 'GET', `/api/users/${anna.id}`)).body.email).toBe(anna.email);

    expect((await call(admin.session, 'PATCH', `/api/admin/users/${bert.id}/role`, { role: 'participant' })).body.role).toBe('participant');
    expect((await (await bert.session.fetch('/api/auth/user')).json()).role).toBe('participant');
    expect((await call(bert.session, 'GET', '/api/admin/users')).status).toBe(403);
  });
});

describe('admin: deleting a user', () => {
  it('DELETE: 401 signed out, 404 unknown, 403 for non-admins, 409 for the admin themselves', async () => {
    expect((await call(anonymous(), 'DELETE', `/api/admin/users/${bert.id}`)).status).toBe(401);
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect(await call(admin.session, 'DELETE', `/api/admin/users/${id}`)).toEqual({ status: 404, body: { message: API_ERRORS.userNotFound } });
    }
    expect(await call(anna.session, 'DELETE', `/api/admin/users/${bert.id}`)).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
    expect(await call(admin.session, 'DELETE', `/api/admin/users/${admin.id}`)).toEqual({ status: 409, body: { message: USER_ADMIN_ERRORS.cannotDeleteSelf } });
    expect((await bert.session.fetch('/api/auth/user')).status).toBe(200);
    expect((await admin.session.fetch('/api/auth/user')).status).toBe(200);
  });

  it('deletes the user: their session ends, their pages and profile are gone, and so are their events; others stay', async () => {
    const bystander = await newExhibitor('Bea', 'Bleibt');
    await withProfile(bystander);
    const victim = await signedIn('victim@users.example', 'Vera', 'Weg');
    const created = await call(victim.session, 'POST', '/api/exhibitor-profiles', { bio: 'bald weg' });
    expect(created.status).toBe(201);
    const start = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    const event = await call(victim.session, 'POST', '/api/events', {
      name: 'Flohmarkt von Vera',
      location: 'Berlin',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 6 * 3600 * 1000).toISOString(),
      organizerId: victim.id,
    });
    expect(event.status).toBe(201);
    const listed = async () => ((await call(anonymous(), 'GET', '/api/events')).body as { id: string }[]).some((e) => e.id === event.body.id);
    expect(await listed()).toBe(true);
    // A stand of the victim at someone else's event, approved so that anyone can see it.
    const start2 = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const othersEvent = await call(admin.session, 'POST', '/api/events', {
      name: 'Markt der anderen',
      location: 'Berlin',
      latitude: 52.52,
      longitude: 13.405,
      startDateTime: start2.toISOString(),
      endDateTime: new Date(start2.getTime() + 4 * 3600 * 1000).toISOString(),
    });
    expect(othersEvent.status).toBe(201);
    const stand = await call(victim.session, 'POST', '/api/stands', {
      eventId: othersEvent.body.id,
      description: 'Alles muss raus, wirklich alles',
      categories: ['Verschiedenes'],
      latitude: 52.5201,
      longitude: 13.4051,
    });
    expect(stand.status).toBe(201);
    expect((await call(admin.session, 'PATCH', `/api/stands/${stand.body.id}/approve-draft`)).status).toBe(200);
    const standVisible = async () => (await call(anonymous(), 'GET', `/api/stands/${stand.body.id}`)).status === 200;
    expect(await standVisible()).toBe(true);

    const deleted = await call(admin.session, 'DELETE', `/api/admin/users/${victim.id}`);
    expect(deleted).toEqual({ status: 204, body: null });

    expect((await victim.session.fetch('/api/auth/user')).status).toBe(401);
    expect((await call(victim.session, 'POST', '/api/exhibitor-profiles', { bio: 'wieder da?' })).status).toBe(401);
    expect((await call(anonymous(), 'GET', `/api/users/${victim.id}`)).status).toBe(404);
    expect((await call(anonymous(), 'GET', `/api/exhibitors/${victim.id}`)).status).toBe(404);
    expect(await call(anonymous(), 'GET', `/api/exhibitor-profiles?userId=${victim.id}`)).toEqual({ status: 200, body: [] });
    expect(await call(admin.session, 'PUT', `/api/exhibitor-profiles/${created.body.id}`, {})).toEqual({
      status: 404,
      body: { message: API_ERRORS.profileNotFound },
    });
    const users = (await call(admin.session, 'GET', '/api/admin/users')).body as { id: string }[];
    expect(users.map((u) => u.id)).not.toContain(victim.id);
    expect((await call(admin.session, 'DELETE', `/api/admin/users/${victim.id}`)).status).toBe(404);

    // The events and stands services remove the user's events and stands when UserDeleted reaches them.
    const deadline = Date.now() + 10_000;
    while (((await listed()) || (await standVisible())) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await listed()).toBe(false);
    expect((await call(anonymous(), 'GET', `/api/events/${event.body.id}`)).status).toBe(404);
    expect(await standVisible()).toBe(false);
    expect((await call(anonymous(), 'GET', `/api/events/${othersEvent.body.id}`)).status).toBe(200);
    expect((await bystander.session.fetch('/api/auth/user')).status).toBe(200);
    expect((await call(anonymous(), 'GET', `/api/exhibitor-profiles?userId=${bystander.id}`)).body).toHaveLength(1);
  });
});
