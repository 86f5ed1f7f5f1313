import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS, STAND_CATEGORIES, VALIDATION, type TEvent } from '@flohmarkt/contracts';
import { apiCall, type Answer } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { inDays } from './support/days.js';
import { startTestStack, type TestStack } from './support/stack.js';

/*
 * The event calls through the gateway, with the rules of docs/product.md#events and #permissions as the
 * server enforces them, and the order of checks of docs/product.md#calls-and-answers (401 → 404 → 403 → 400).
 */

let stack: TestStack;
const ADMIN = 'admin.events@flohmarkt.example';

let olga: HttpSession; // creates events (participant until then)
let stefan: HttpSession; // signed in, organises nothing of Olga's
let admin: HttpSession;
let olgaId: string;

function call(session: HttpSession | null, method: string, path: string, body?: unknown): Promise<Answer> {
  return apiCall(stack.publicUrl, session, method, path, body);
}

const DAY = 24 * 3600 * 1000;

function eventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Hofflohmarkt Ehrenfeld',
    description: 'Viele Höfe, ein Flohmarkt.',
    location: 'Ehrenfeld, Köln',
    latitude: 50.9497,
    longitude: 6.9169,
    startDateTime: inDays(10, 8),
    endDateTime: inDays(10, 14),
    ...overrides,
  };
}

async function create(session: HttpSession, overrides: Record<string, unknown> = {}): Promise<TEvent> {
  const answer = await call(session, 'POST', '/api/events', eventBody(overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN });
  olga = new HttpSession(stack.publicUrl);
  stefan = new HttpSession(stack.publicUrl);
  admin = new HttpSession(stack.publicUrl);
  await olga.signIn({ email: 'olga@example.org', firstName: 'Olga', lastName: 'Organisiert' });
  await stefan.signIn({ email: 'stefan@example.org', firstName: 'Stefan', lastName: 'Fremd' });
  await admin.signIn({ email: ADMIN, firstName: 'Ada', lastName: 'Admin' });
  olgaId = (await call(olga, 'GET', '/api/auth/user')).body.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('creating an event', () => {
  it('answers 401 when signed out', async () => {
    expect(await call(null, 'POST', '/api/events', eventBody())).toEqual({ status: 401, body: { message: API_ERRORS.unauthenticated } });
  });

  it('creates a planned event owned by the caller, whatever organizerId and status the body says, and makes the creator an organizer', async () => {
    // Someone who has never organised anything (the other tests' organiser already has).
    const newcomer = new HttpSession(stack.publicUrl);
    await newcomer.signIn({ email: 'nora.neu@example.org', firstName: 'Nora', lastName: 'Neu' });
    const me = (await call(newcomer, 'GET', '/api/auth/user')).body;
    expect(me.role).toBe('participant');
    const stefanId = (await call(stefan, 'GET', '/api/auth/user')).body.id;
    const created = await create(newcomer, { organizerId: stefanId, status: 'cancelled', latitude: '50.9497', contactEmail: 'olga@example.org' });
    expect(created).toMatchObject({
      name: 'Hofflohmarkt Ehrenfeld',
      location: 'Ehrenfeld, Köln',
      organizerId: me.id,
      status: 'planned',
      latitude: '50.94970000',
      longitude: '6.91690000',
      contactEmail: 'olga@example.org',
      rules: null,
      allowStandRegistration: true,
      standCount: 0,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(null, 'GET', `/api/events/${created.id}`)).body).toMatchObject({ id: created.id, organizerId: me.id, status: 'planned' });
    // Auth applies OrganizerAppointed from the queue, a moment after the event exists.
    await expect.poll(async () => (await call(newcomer, 'GET', '/api/auth/user')).body.role, { timeout: 20_000, interval: 200 }).toBe('organizer');
  });

  it('strips unknown fields: they are neither answered nor stored', async () => {
    const created = await create(olga, { hacker: true, standCount: 99, id: '00000000-0000-4000-8000-000000000000' });
    expect(created).not.toHaveProperty('hacker');
    expect(created.id).not.toBe('00000000-0000-4000-8000-000000000000');
    const read = await call(null, 'GET', `/api/events/${created.id}`);
    expect(read.body).not.toHaveProperty('hacker');
    expect(read.body.standCount).toBe(0);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no name', { name: undefined }, API_ERRORS.eventNameRequired],
    ['a blank name', { name: '   ' }, API_ERRORS.eventNameRequired],
    ['no location', { location: '' }, API_ERRORS.eventLocationRequired],
    ['no start', { startDateTime: undefined }, 'Start-Datum ist erforderlich'],
    ['an empty start', { startDateTime: '' }, 'Start-Datum ist erforderlich'],
    ['no end', { endDateTime: null }, 'End-Datum ist erforderlich'],
    ['an end before the start', { startDateTime: inDays(5, 14), endDateTime: inDays(5, 8) }, API_ERRORS.eventEndBeforeStart],
    ['a date that is not one', { startDateTime: 'morgen' }, VALIDATION.invalidDate],
    ['a latitude without longitude', { longitude: null }, VALIDATION.coordinatesIncomplete],
    ['a latitude out of range', { latitude: 95 }, VALIDATION.invalidLatitude],
    ['a website that is not a URL', { websiteUrl: 'flohmarkt' }, VALIDATION.invalidUrl],
  ])('refuses %s with 400 and the German message', async (_case, overrides, message) => {
    const before = (await call(null, 'GET', '/api/events')).body.length;
    expect(await call(olga, 'POST', '/api/events', eventBody(overrides))).toEqual({ status: 400, body: { message } });
    expect((await call(null, 'GET', '/api/events')).body).toHaveLength(before);
  });

  it('refuses a missing or non-object body with 400', async () => {
    expect((await call(olga, 'POST', '/api/events')).status).toBe(400);
    expect(await call(olga, 'POST', '/api/events', [1, 2])).toEqual({ status: 400, body: { message: VALIDATION.invalidInput } });
  });
});

describe('reading events', () => {
  it('answers 404 with a German sentence for unknown and malformed ids', async () => {
    for (const id of ['7d9f0c1e-0000-4000-8000-000000000000', 'kein-event', '1', "1'%20OR%20'1'='1"]) {
      expect(await call(null, 'GET', `/api/events/${id}`)).toEqual({ status: 404, body: { message: 'Der Flohmarkt wurde nicht gefunden.' } });
    }
  });

  it('lists every event sorted by start, each with its stand count, without signing in', async () => {
    await create(olga, { name: 'Früher Markt', startDateTime: inDays(2, 6), endDateTime: inDays(2, 12) });
    const list = await call(null, 'GET', '/api/events');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(2);
    const starts = list.body.map((e: { startDateTime: string }) => e.startDateTime);
    expect(starts).toEqual([...starts].sort());
    for (const e of list.body) expect(e.standCount).toBe(0);
  });

  it('refuses bad query values with 400 and a German message', async () => {
    const cases: Array<[string, string]> = [
      ['upcoming=vielleicht', VALIDATION.invalidUpcoming],
      ['date=10.05.2031', VALIDATION.invalidDay],
      ['date=9999-12-31', VALIDATION.dateOutOfRange],
      ['lat=50.9', VALIDATION.coordinatesIncomplete],
      ['lat=91&lng=7', VALIDATION.invalidLatitude],
      ['lat=50&lng=7&radiusKm=-3', VALIDATION.invalidRadius],
      ['radiusKm=10', VALIDATION.radiusNeedsCenter],
      ['bbox=1,2,3', VALIDATION.invalidBbox],
      ['limit=0', VALIDATION.invalidLimit],
      ['offset=-1', VALIDATION.invalidOffset],
    ];
    for (const [query, message] of cases) expect(await call(null, 'GET', `/api/events?${query}`), query).toEqual({ status: 400, body: { message } });
  });
});

describe('list filters through the gateway', () => {
  // Around Flensburg, where no other test puts events.
  const flensburg = { lat: 54.7937, lng: 9.4469 };
  // Placed on purpose away from the place the text names (the organiser confirmed the point).
  const near = { latitude: 54.8, longitude: 9.5, locationConfirmed: true }; // about 4 km away
  const far = { latitude: 54.3233, longitude: 10.1228, locationConfirmed: true }; // Kiel, about 68 km away
  const box = '9.3,54.7,9.6,54.9';
  const names = (a: Answer) => a.body.map((e: { name: string }) => e.name);
  let day: string;

  beforeAll(async () => {
    await create(olga, { name: 'Flensburg vorbei', ...near, startDateTime: inDays(-3, 8), endDateTime: inDays(-3, 14) });
    await create(olga, { name: 'Flensburg bald', ...near, startDateTime: inDays(20, 8), endDateTime: inDays(20, 14) });
    await create(olga, { name: 'Flensburg später', ...near, startDateTime: inDays(30, 8), endDateTime: inDays(30, 14) });
    await create(olga, { name: 'Kiel', ...far, startDateTime: inDays(25, 8), endDateTime: inDays(25, 14) });
    day = inDays(20, 8).slice(0, 10);
  });

  it('finds events within the radius (50 km by default) and leaves out those beyond it', async () => {
    const around = `lat=${flensburg.lat}&lng=${flensburg.lng}`;
    expect(names(await call(null, 'GET', `/api/events?${around}`))).toEqual(['Flensburg vorbei', 'Flensburg bald', 'Flensburg später']);
    expect(names(await call(null, 'GET', `/api/events?${around}&radiusKm=100`))).toEqual(['Flensburg vorbei', 'Flensburg bald', 'Kiel', 'Flensburg später']);
    expect(names(await call(null, 'GET', `/api/events?${around}&radiusKm=2`))).toEqual([]);
  });

  it('lists only events that have not ended, combined with the other filters', async () => {
    expect(names(await call(null, 'GET', `/api/events?upcoming=true&bbox=${box}`))).toEqual(['Flensburg bald', 'Flensburg später']);
    const all = (await call(null, 'GET', '/api/events?upcoming=true')).body as Array<{ endDateTime: string; standCount: number }>;
    expect(all.length).toBeGreaterThan(3);
    for (const e of all) {
      // Ends today (Berlin) or later: at most 26 hours ago.
      expect(new Date(e.endDateTime).getTime()).toBeGreaterThan(Date.now() - DAY - 2 * 3600 * 1000);
      expect(e.standCount).toBe(0);
    }
  });

  it('filters by the calendar day of the start, by map section, and pages', async () => {
    expect(names(await call(null, 'GET', `/api/events?date=${day}&bbox=${box}`))).toEqual(['Flensburg bald']);
    expect(names(await call(null, 'GET', `/api/events?bbox=${box}`))).toEqual(['Flensburg vorbei', 'Flensburg bald', 'Flensburg später']);
    expect(names(await call(null, 'GET', `/api/events?bbox=${box}&limit=1&offset=1`))).toEqual(['Flensburg bald']);
    expect(names(await call(null, 'GET', `/api/events?upcoming=true&bbox=${box}&limit=1&offset=1`))).toEqual(['Flensburg später']);
  });
});

describe('events by id', () => {
  it('answers only the asked events, in one call', async () => {
    const [a, b] = [await create(olga, { name: 'Erster Markt' }), await create(olga, { name: 'Zweiter Markt' })];
    const one = await call(null, 'GET', `/api/events?ids=${a.id}`);
    expect(one.status).toBe(200);
    expect(one.body.map((e: TEvent) => e.id)).toEqual([a.id]);
    const both = await call(null, 'GET', `/api/events?ids=${b.id},${a.id},${a.id}`);
    expect(both.body.map((e: TEvent) => e.id).sort()).toEqual([a.id, b.id].sort());
    expect(await call(null, 'GET', '/api/events?ids=kein-id')).toEqual({ status: 400, body: { message: VALIDATION.invalidId } });
  });
});

describe('editing an event', () => {
  let event: TEvent;

  // A fresh event for every test: none sees another's edits.
  beforeEach(async () => {
    event = await create(olga, { name: 'Zu bearbeiten', websiteUrl: 'https://markt.example.org' });
  });

  const editBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Bearbeitet',
    location: 'Ehrenfeld, Köln',
    startDateTime: inDays(11, 8),
    endDateTime: inDays(11, 15),
    ...overrides,
  });

  it('answers 401 signed out and 404 for unknown or malformed ids before anything else', async () => {
    expect((await call(null, 'PUT', `/api/events/${event.id}`, editBody())).status).toBe(401);
    expect(await call(stefan, 'PUT', '/api/events/7d9f0c1e-0000-4000-8000-000000000000', {})).toEqual({
      status: 404,
      body: { message: API_ERRORS.eventNotFound },
    });
    expect(await call(stefan, 'PUT', '/api/events/nope', {})).toEqual({ status: 404, body: { message: API_ERRORS.eventNotFound } });
  });

  it("refuses a stranger's edit with 403 whatever the body, and changes nothing", async () => {
    const forbidden = { status: 403, body: { message: 'Du kannst nur Events bearbeiten, die du erstellt hast.' } };
    expect(await call(stefan, 'PUT', `/api/events/${event.id}`, editBody())).toEqual(forbidden);
    expect(await call(stefan, 'PUT', `/api/events/${event.id}`, {})).toEqual(forbidden);
    expect(await call(stefan, 'PUT', `/api/events/${event.id}`, editBody({ startDateTime: '' }))).toEqual(forbidden);
    expect((await call(null, 'GET', `/api/events/${event.id}`)).body.name).toBe('Zu bearbeiten');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no start', { startDateTime: undefined }, 'Start-Datum und -Zeit sind erforderlich'],
    ['an empty start', { startDateTime: '' }, 'Start-Datum und -Zeit sind erforderlich'],
    ['no end', { endDateTime: null }, 'End-Datum und -Zeit sind erforderlich'],
    ['an end before the start', { endDateTime: inDays(11, 7) }, API_ERRORS.eventEndBeforeStart],
    ['no name', { name: '' }, API_ERRORS.eventNameRequired],
    ['no location', { location: undefined }, API_ERRORS.eventLocationRequired],
    ['a bad contact e-mail', { contactEmail: 'keine-mail' }, VALIDATION.invalidEmail],
  ])("refuses the organizer's edit with %s (400)", async (_case, overrides, message) => {
    expect(await call(olga, 'PUT', `/api/events/${event.id}`, editBody(overrides))).toEqual({ status: 400, body: { message } });
  });

  it('lets the organizer edit: left-out fields keep their value, null clears, owner and status stay', async () => {
    const stefanId = (await call(stefan, 'GET', '/api/auth/user')).body.id;
    const answer = await call(
      olga,
      'PUT',
      `/api/events/${event.id}`,
      editBody({ description: null, allowStandRegistration: false, organizerId: stefanId, status: 'done', extra: 1 }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: event.id,
      name: 'Bearbeitet',
      description: null,
      websiteUrl: 'https://markt.example.org',
      allowStandRegistration: false,
      organizerId: olgaId,
      status: 'planned',
      startDateTime: inDays(11, 8),
    });
    expect(answer.body).not.toHaveProperty('extra');
    expect((await call(null, 'GET', `/api/events/${event.id}`)).body).toMatchObject({
      name: 'Bearbeitet',
      allowStandRegistration: false,
      organizerId: olgaId,
      standCount: 0,
    });
  });

  it("lets an admin edit anyone's event", async () => {
    const answer = await call(admin, 'PUT', `/api/events/${event.id}`, editBody({ name: 'Vom Admin korrigiert' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Vom Admin korrigiert', organizerId: olgaId });
  });
});

describe('deleting an event', () => {
  it('lets only admins delete: the organizer gets 403, unknown ids 404, the admin 204', async () => {
    const event = await create(olga, { name: 'Wird gelöscht' });
    expect((await call(null, 'DELETE', `/api/events/${event.id}`)).status).toBe(401);
    expect(await call(olga, 'DELETE', `/api/events/${event.id}`)).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
    expect(await call(admin, 'DELETE', '/api/events/7d9f0c1e-0000-4000-8000-000000000000')).toEqual({
      status: 404,
      body: { message: API_ERRORS.eventNotFound },
    });
    expect(await call(admin, 'DELETE', `/api/events/${event.id}`)).toEqual({ status: 204, body: null });
    expect((await call(null, 'GET', `/api/events/${event.id}`)).status).toBe(404);
    expect(await call(admin, 'DELETE', `/api/events/${event.id}`)).toEqual({ status: 404, body: { message: API_ERRORS.eventNotFound } });
  });
});

describe('stand counts and cascades with the stands service', () => {
  it('counts approved stands only, and takes the stands with a deleted event', async () => {
    const event = await create(olga, { name: 'Mit Ständen' });
    const guest = await call(null, 'POST', `/api/events/${event.id}/guest-stands`, {
      guestFirstName: 'Gisela',
      description: 'Bücher und Schallplatten',
      categories: [STAND_CATEGORIES[0]],
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    // Pending stands do not count.
    expect((await call(null, 'GET', `/api/events/${event.id}`)).body.standCount).toBe(0);
    expect((await call(olga, 'PATCH', `/api/stands/${guest.body.id}/approve-draft`)).status).toBe(200);
    // The count is the events service's read model, kept by messages from stands: a moment behind.
    await expect.poll(async () => (await call(null, 'GET', `/api/events/${event.id}`)).body.standCount, { timeout: 20_000, interval: 100 }).toBe(1);
    const listed = (await call(null, 'GET', '/api/events')).body.find((e: { id: string }) => e.id === event.id);
    expect(listed.standCount).toBe(1);

    expect((await call(admin, 'DELETE', `/api/events/${event.id}`)).status).toBe(204);
    await expect.poll(async () => (await call(null, 'GET', `/api/stands/${guest.body.id}`)).status, { timeout: 20_000, interval: 200 }).toBe(404);
  });

  it('takes the stands with a deleted event even when the stands service was down at the time', async () => {
    const event = await create(olga, { name: 'Gelöscht während Ausfall' });
    const guest = await call(null, 'POST', `/api/events/${event.id}/guest-stands`, {
      guestFirstName: 'Gisela',
      description: 'Bücher und Schallplatten',
      categories: [STAND_CATEGORIES[0]],
    });
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    expect((await call(olga, 'PATCH', `/api/stands/${guest.body.id}/approve-draft`)).status).toBe(200);

    await stack.group.stopOne(stack.entries.stands);
    try {
      expect((await call(admin, 'DELETE', `/api/events/${event.id}`)).status).toBe(204);
    } finally {
      stack.entries.stands = stack.group.restart(stack.entries.stands);
    }
    // The message waited in the queue; the stands service takes it once it is back.
    await expect.poll(async () => (await call(null, 'GET', `/api/stands/${guest.body.id}`)).status, { timeout: 30000, interval: 300 }).toBe(404);
  });

  it("removes a deleted user's events even when the events service was down at the time", async () => {
    const leaving = new HttpSession(stack.publicUrl);
    await leaving.signIn({ email: 'geht.spaeter@example.org', firstName: 'Greta', lastName: 'Geht' });
    const leavingId = (await call(leaving, 'GET', '/api/auth/user')).body.id;
    const theirs = await create(leaving, { name: 'Gretas Markt' });

    await stack.group.stopOne(stack.entries.events);
    try {
      expect((await call(admin, 'DELETE', `/api/admin/users/${leavingId}`)).status).toBe(204);
    } finally {
      stack.entries.events = stack.group.restart(stack.entries.events);
    }
    await expect.poll(async () => (await call(null, 'GET', `/api/events/${theirs.id}`)).status, { timeout: 30000, interval: 300 }).toBe(404);
  });

  it("removes a deleted user's events", async () => {
    const leaving = new HttpSession(stack.publicUrl);
    await leaving.signIn({ email: 'geht@example.org', firstName: 'Gerd', lastName: 'Geht' });
    const leavingId = (await call(leaving, 'GET', '/api/auth/user')).body.id;
    const first = await create(leaving, { name: 'Gerds erster Markt' });
    const second = await create(leaving, { name: 'Gerds zweiter Markt' });
    const kept = await create(olga, { name: 'Bleibt' });
    expect((await call(admin, 'DELETE', `/api/admin/users/${leavingId}`)).status).toBe(204);
    for (const e of [first, second]) {
      await expect.poll(async () => (await call(null, 'GET', `/api/events/${e.id}`)).status, { timeout: 20_000, interval: 200 }).toBe(404);
    }
    expect((await call(null, 'GET', `/api/events/${kept.id}`)).status).toBe(200);
  });

  it('answers lists and the detail with their counts while the stands service is down (resilience-stands-down.e2e-spec.ts has the rest)', async () => {
    const event = await create(olga, { name: 'Während Ausfall' });
    await stack.group.stopOne(stack.entries.stands);
    try {
      expect((await call(null, 'GET', '/api/events')).status).toBe(200);
      expect(await call(null, 'GET', `/api/events/${event.id}`)).toMatchObject({ status: 200, body: { name: 'Während Ausfall', standCount: 0 } });
      expect((await call(null, 'GET', '/api/events/7d9f0c1e-0000-4000-8000-000000000000')).status).toBe(404);
      expect(await call(null, 'GET', '/api/events?date=2000-01-01')).toEqual({ status: 200, body: [] });
      // Writes do not depend on stands.
      expect(
        (
          await call(olga, 'PUT', `/api/events/${event.id}`, {
            name: 'Trotzdem bearbeitet',
            location: 'Köln',
            startDateTime: inDays(12, 8),
            endDateTime: inDays(12, 10),
          })
        ).status,
      ).toBe(200);
    } finally {
      stack.entries.stands = stack.group.restart(stack.entries.stands);
    }
    await expect.poll(async () => (await call(null, 'GET', `/api/events/${event.id}`)).status, { timeout: 30000, interval: 300 }).toBe(200);
    expect((await call(null, 'GET', `/api/events/${event.id}`)).body).toMatchObject({ name: 'Trotzdem bearbeitet', standCount: 0 });
  });
});
