import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, STAND_STATUS_LABELS } from '@flohmarkt/contracts';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import { type HttpSession } from './support/browser-session.js';
import { cathedralMarket } from './support/cathedral-market.js';
import { startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * Self-service through the gateway (issue 17, api-contract "Beyond the spec"): a guest's manage
 * link, the organiser's reason, withdrawing, applying again after a rejection or a withdrawal, and
 * registration that closes by itself.
 */

let stack: TestStack;
const ADMIN_EMAIL = 'admin.self@flohmarkt.example';

type Who = (HttpSession & { id: string }) | null;

function call(who: Who, method: string, path: string, body?: unknown): Promise<Answer> {
  return apiCall(stack.publicUrl, who, method, path, body);
}

function signedIn(email: string, firstName: string, lastName: string): Promise<HttpSession & { id: string }> {
  return signedInSession(stack.publicUrl, email, firstName, lastName);
}

const DAY = 24 * 3600 * 1000;
const NEAR = { latitude: 50.945, longitude: 6.96 };

let organizer: HttpSession & { id: string };
let admin: HttpSession & { id: string };
let anna: HttpSession & { id: string };
let stranger: HttpSession & { id: string };

const createEvent = (name: string, extra: Record<string, unknown> = {}): Promise<string> => cathedralMarket(stack.publicUrl, organizer, name, extra);

const guestForm = (extra: Record<string, unknown> = {}) => ({
  guestFirstName: 'Gerda',
  guestLastName: 'Gast',
  description: 'Bücher und alte Schallplatten',
  categories: ['Bücher', 'Schallplatten'],
  ...extra,
});

const registerForm = (eventId: string) => ({ eventId, description: 'Kinderkleidung und Spielzeug', categories: ['Kinderkleidung'], ...NEAR });

const ids = (list: { id: string }[]) => list.map((s) => s.id);
const tokenOf = (manageUrl: string) => manageUrl.slice(manageUrl.lastIndexOf('/') + 1);
const guestNotFound = { status: 404, body: { message: API_ERRORS.guestStandNotFound } };

beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN_EMAIL, gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' } });
  [organizer, admin, anna, stranger] = await Promise.all([
    signedIn('orga.self@example.org', 'Olga', 'Organisatorin'),
    signedIn(ADMIN_EMAIL, 'Adam', 'Admin'),
    signedIn('anna.self@example.org', 'Anna', 'Ausstellerin'),
    signedIn('fremd.self@example.org', 'Frieda', 'Fremd'),
  ]);
});

afterAll(async () => {
  await stack?.stop();
});

describe("a guest's manage link", () => {
  it('shows the status, the reason of a rejection, and withdraws once', async () => {
    const market = await createEvent('Hofflohmarkt Ehrenfeld', { location: 'Ehrenfeld, Köln' });
    const created = await call(null, 'POST', `/api/events/${market}/guest-stands`, guestForm({ guestEmail: ' Gerda.Gast@Example.ORG ' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.manageUrl).toMatch(new RegExp(`^${stack.publicUrl}/anmeldung/[A-Za-z0-9_-]{22}$`));
    expect(created.body).toMatchObject({ status: 'pending', exhibitorId: null });
    const token = tokenOf(created.body.manageUrl);
    const standId = created.body.id;

    const pending = await call(null, 'GET', `/api/guest-stands/${token}`);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      id: standId,
      eventId: market,
      eventName: 'Hofflohmarkt Ehrenfeld',
      event: { id: market, name: 'Hofflohmarkt Ehrenfeld', location: 'Ehrenfeld, Köln', status: 'planned' },
      status: 'pending',
      rejectionReason: null,
      guestFirstName: 'Gerda',
      guestEmail: 'gerda.gast@example.org',
      description: 'Bücher und alte Schallplatten',
      categories: ['Bücher', 'Schallplatten'],
    });
    expect(STAND_STATUS_LABELS[pending.body.status as 'pending']).toBe('Wartend');
    // The link is private: the stand's ordinary reads never carry the e-mail.
    expect((await call(organizer, 'GET', `/api/stands/${standId}`)).body).not.toHaveProperty('guestEmail');

    // Only organiser and admins decide; the reason is checked after the right (403 before 400).
    expect(await call(stranger, 'PATCH', `/api/stands/${standId}/reject`, { reason: 'x'.repeat(501) })).toEqual({
      status: 404,
      body: { message: API_ERRORS.standNotFound },
    });
    expect(await call(organizer, 'PATCH', `/api/stands/${standId}/reject`, { reason: 'x'.repeat(501) })).toEqual({
      status: 400,
      body: { message: 'Die Begründung ist zu lang (höchstens 500 Zeichen).' },
    });
    const rejected = await call(organizer, 'PATCH', `/api/stands/${standId}/reject`, { reason: 'Leider sind alle Plätze vergeben.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ id: standId, status: 'rejected', rejectionReason: 'Leider sind alle Plätze vergeben.' });

    const seen = await call(null, 'GET', `/api/guest-stands/${token}`);
    expect(seen.body).toMatchObject({ status: 'rejected', rejectionReason: 'Leider sind alle Plätze vergeben.' });
    expect(STAND_STATUS_LABELS[seen.body.status as 'rejected']).toBe('Abgelehnt');

    expect((await call(null, 'DELETE', `/api/guest-stands/${token}`)).status).toBe(204);
    expect(await call(null, 'GET', `/api/guest-stands/${token}`)).toEqual(guestNotFound);
    // Twice is harmless: the link is spent.
    expect(await call(null, 'DELETE', `/api/guest-stands/${token}`)).toEqual(guestNotFound);
    // The withdrawn stand has left the organiser's lists and reads too.
    expect(ids((await call(organizer, 'GET', `/api/events/${market}/draft-stands`)).body)).not.toContain(standId);
    expect(ids((await call(organizer, 'GET', `/api/events/${market}/stands`)).body)).not.toContain(standId);
    expect((await call(organizer, 'GET', `/api/stands/${standId}`)).status).toBe(404);
  });

  it('follows the approval, and an approved guest stand withdrawn leaves the public list', async () => {
    const market = await createEvent('Markt der Gäste');
    const created = await call(null, 'POST', `/api/events/${market}/guest-stands`, guestForm());
    const token = tokenOf(created.body.manageUrl);
    expect((await call(null, 'GET', `/api/guest-stands/${token}`)).body).toMatchObject({ status: 'pending', guestEmail: null });
    expect((await call(organizer, 'PATCH', `/api/stands/${created.body.id}/approve-draft`)).status).toBe(200);
    expect((await call(null, 'GET', `/api/guest-stands/${token}`)).body.status).toBe('approved');
    expect(ids((await call(null, 'GET', `/api/events/${market}/stands`)).body)).toContain(created.body.id);
    await until('count of one', async () => (await call(null, 'GET', `/api/events/${market}`)).body.standCount === 1);

    expect((await call(null, 'DELETE', `/api/guest-stands/${token}`)).status).toBe(204);
    expect(ids((await call(null, 'GET', `/api/events/${market}/stands`)).body)).not.toContain(created.body.id);
    await until('count back to zero', async () => (await call(null, 'GET', `/api/events/${market}`)).body.standCount === 0);
  });

  it('adds and removes its photos by the token alone, shows them only to that token while pending, and to everyone once approved', async () => {
    const market = await createEvent('Markt der Gästefotos');
    const created = await call(null, 'POST', `/api/events/${market}/guest-stands`, guestForm());
    const standId = created.body.id as string;
    const token = tokenOf(created.body.manageUrl);
    const asGuest = async (method: string, path: string, body: unknown, manageToken: string | null = token) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (manageToken) headers['x-manage-token'] = manageToken;
      const res = await fetch(`${stack.publicUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null, headers: res.headers };
    };
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#6b8f71' } })
      .jpeg()
      .toBuffer();
    const photo = { photoData: `data:image/jpeg;base64,${jpeg.toString('base64')}`, fileName: 'tisch.jpg' };

    // Neither a session nor a token: 401; another stand's token, or a stranger signed in, see no such stand (it waits): 404.
    expect((await asGuest('POST', `/api/stands/${standId}/photos`, photo, null)).status).toBe(401);
    const other = await call(null, 'POST', `/api/events/${market}/guest-stands`, guestForm({ guestFirstName: 'Otto' }));
    expect((await asGuest('POST', `/api/stands/${standId}/photos`, photo, tokenOf(other.body.manageUrl))).status).toBe(404);
    expect((await call(stranger, 'POST', `/api/stands/${standId}/photos`, photo)).status).toBe(404);

    const uploaded = await asGuest('POST', `/api/stands/${standId}/photos`, photo);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const [path] = uploaded.body.photos as string[];
    // The stand's copy of the list follows media's announcement.
    await until('the manage read lists the photo', async () => (await call(null, 'GET', `/api/guest-stands/${token}`)).body.photos?.[0] === path);
    // Processed in the background; until approval only the token sees it, privately.
    const own = await until('the guest sees the photo', async () => {
      const res = await asGuest('GET', path, undefined);
      return res.status === 200 && res;
    });
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await asGuest('GET', path, undefined, null)).status).toBe(404);
    expect((await asGuest('GET', path, undefined, tokenOf(other.body.manageUrl))).status).toBe(404);

    expect((await call(organizer, 'PATCH', `/api/stands/${standId}/approve-draft`)).status).toBe(200);
    expect((await asGuest('GET', path, undefined, null)).status).toBe(200);
    expect((await call(null, 'GET', `/api/stands/${standId}`)).body.photos).toEqual([path]);

    expect((await asGuest('DELETE', `/api/stands/${standId}/photos`, { photoPath: path }, null)).status).toBe(401);
    const removed = await asGuest('DELETE', `/api/stands/${standId}/photos`, { photoPath: path });
    expect([removed.status, removed.body]).toEqual([200, { photos: [] }]);
    // A withdrawn registration's link is spent: it adds nothing any more.
    expect((await call(null, 'DELETE', `/api/guest-stands/${token}`)).status).toBe(204);
    expect((await asGuest('POST', `/api/stands/${standId}/photos`, photo)).status).toBe(404);
  });

  it('answers 404 in German for an unknown or malformed token', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'kein-token', `${'A'.repeat(40)}`]) {
      expect(await call(null, 'GET', `/api/guest-stands/${token}`), token).toEqual(guestNotFound);
      expect(await call(null, 'DELETE', `/api/guest-stands/${token}`), token).toEqual(guestNotFound);
    }
  });

  it('refuses an invalid e-mail with 400 in German, storing nothing', async () => {
    const market = await createEvent('Markt der Tippfehler');
    for (const guestEmail of ['gerda@', 'gerda at example.org', 42]) {
      expect(await call(null, 'POST', `/api/events/${market}/guest-stands`, guestForm({ guestEmail })), String(guestEmail)).toEqual({
        status: 400,
        body: { message: 'Bitte gib eine gültige E-Mail-Adresse ein.' },
      });
    }
    expect((await call(organizer, 'GET', `/api/events/${market}/draft-stands`)).body).toEqual([]);
  });
});

describe("an exhibitor's own stand", () => {
  it('is withdrawn by its owner, stays in My stands only, and the owner may register again', async () => {
    const market = await createEvent('Markt der Rückzieher');
    const first = await call(anna, 'POST', '/api/stands', registerForm(market));
    expect(first.status).toBe(201);
    const standId = first.body.id;
    await call(organizer, 'PATCH', `/api/stands/${standId}/approve-draft`);
    await until('count of one', async () => (await call(null, 'GET', `/api/events/${market}`)).body.standCount === 1);

    expect((await call(anna, 'DELETE', `/api/stands/${standId}`)).status).toBe(204);
    // Twice is harmless.
    expect((await call(anna, 'DELETE', `/api/stands/${standId}`)).status).toBe(204);
    expect((await call(anna, 'GET', `/api/stands/${standId}`)).body).toMatchObject({ status: 'withdrawn', isApproved: false, isDraft: false });
    const mine = (await call(anna, 'GET', `/api/stands/user/${anna.id}`)).body;
    expect(mine.find((s: { id: string }) => s.id === standId)).toMatchObject({ status: 'withdrawn' });
    expect(STAND_STATUS_LABELS.withdrawn).toBe('Zurückgezogen');
    // Out of every other list and read, the organiser's and the admin's included.
    for (const who of [null, organizer, admin]) {
      expect(ids((await call(who, 'GET', `/api/events/${market}/stands`)).body)).not.toContain(standId);
      expect((await call(who, 'GET', `/api/stands/${standId}`)).status).toBe(404);
    }
    expect(ids((await call(admin, 'GET', `/api/stands/user/${anna.id}`)).body)).not.toContain(standId);
    expect(ids((await call(null, 'GET', `/api/stands?exhibitorId=${anna.id}`)).body)).not.toContain(standId);
    await until('count back to zero', async () => (await call(null, 'GET', `/api/events/${market}`)).body.standCount === 0);

    const again = await call(anna, 'POST', '/api/stands', registerForm(market));
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: 'pending' });
    expect(again.body.id).not.toBe(standId);
    // One active stand per user and event still.
    expect(await call(anna, 'POST', '/api/stands', registerForm(market))).toEqual({ status: 409, body: { message: API_ERRORS.standAlreadyRegistered } });
  });

  it('shows a rejection with its reason to the owner, who may apply again', async () => {
    const market = await createEvent('Markt der zweiten Chance');
    const first = await call(anna, 'POST', '/api/stands', registerForm(market));
    const rejected = await call(organizer, 'PATCH', `/api/stands/${first.body.id}/reject`, { reason: 'Bitte genauer beschreiben.' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Bitte genauer beschreiben.' });
    expect((await call(anna, 'GET', `/api/stands/${first.body.id}`)).body.rejectionReason).toBe('Bitte genauer beschreiben.');
    const mine = (await call(anna, 'GET', `/api/stands/user/${anna.id}`)).body;
    expect(mine.find((s: { id: string }) => s.id === first.body.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Bitte genauer beschreiben.' });
    expect((await call(stranger, 'GET', `/api/stands/${first.body.id}`)).status).toBe(404);

    const again = await call(anna, 'POST', '/api/stands', registerForm(market));
    expect(again.status).toBe(201);
    // Bringing the old one back while the new one is active would give her two: 409, nothing changes.
    expect(await call(organizer, 'PATCH', `/api/stands/${first.body.id}/approve-draft`)).toEqual({
      status: 409,
      body: { message: API_ERRORS.standAlreadyRegistered },
    });
    const approved = await call(organizer, 'PATCH', `/api/stands/${again.body.id}/approve-draft`);
    expect(approved.body).toMatchObject({ status: 'approved', rejectionReason: null });
  });

  it("is still deleted, not withdrawn, by the organiser's DELETE", async () => {
    const market = await createEvent('Markt der Aufräumer');
    const created = await call(anna, 'POST', '/api/stands', registerForm(market));
    expect((await call(organizer, 'DELETE', `/api/stands/${created.body.id}`)).status).toBe(204);
    expect((await call(anna, 'GET', `/api/stands/${created.body.id}`)).status).toBe(404);
  });
});

describe('registration that closes by itself', () => {
  it('answers 403 with the reason once the event is cancelled, for everyone', async () => {
    const market = await createEvent('Abgesagter Markt');
    expect((await call(organizer, 'PATCH', `/api/events/${market}/cancel`, { reason: 'Unwetter' })).status).toBe(200);
    const closed = { status: 403, body: { message: API_ERRORS.registrationEventCancelled } };
    expect(await call(null, 'POST', `/api/events/${market}/guest-stands`, guestForm())).toEqual(closed);
    expect(await call(anna, 'POST', '/api/stands', registerForm(market))).toEqual(closed);
    expect(await call(organizer, 'POST', '/api/stands', registerForm(market))).toEqual(closed);
    // 403 before 400.
    expect(await call(anna, 'POST', '/api/stands', { eventId: market })).toEqual(closed);
  });

  it('answers 403 with the reason once the event has ended', async () => {
    const market = await createEvent('Vergangener Markt', {
      startDateTime: new Date(Date.now() - 2 * DAY).toISOString(),
      endDateTime: new Date(Date.now() - DAY).toISOString(),
    });
    const closed = { status: 403, body: { message: API_ERRORS.registrationEventEnded } };
    expect(await call(null, 'POST', `/api/events/${market}/guest-stands`, guestForm())).toEqual(closed);
    expect(await call(anna, 'POST', '/api/stands', registerForm(market))).toEqual(closed);
    expect(await call(admin, 'POST', '/api/stands', registerForm(market))).toEqual(closed);
  });

  it('answers 403 with the reason past the registration deadline; the organiser may still add a stand', async () => {
    const market = await createEvent('Markt mit Anmeldeschluss', { registrationDeadline: new Date(Date.now() - 60_000).toISOString() });
    const closed = { status: 403, body: { message: API_ERRORS.registrationDeadlinePassed } };
    expect(await call(null, 'POST', `/api/events/${market}/guest-stands`, guestForm())).toEqual(closed);
    expect(await call(anna, 'POST', '/api/stands', registerForm(market))).toEqual(closed);
    expect((await call(organizer, 'POST', `/api/events/${market}/guest-stands`, guestForm())).status).toBe(201);

    const open = await createEvent('Markt mit späterem Anmeldeschluss', { registrationDeadline: new Date(Date.now() + DAY).toISOString() });
    expect((await call(anna, 'POST', '/api/stands', registerForm(open))).status).toBe(201);
  });
});
