import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, API_ERRORS, ZAccountExport, type TAccountExport } from '@flohmarkt/contracts';
import { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * Account self-service through the gateway (issue 20, items 5 and 7): a seller exports everything
 * they made and deletes their account; their stand leaves the public lists, their session ends, and
 * signing in again makes a new, empty account. An organiser with a market still to come is told to
 * cancel it first. Nobody reaches anyone else's data: there is no id in any path.
 */

let stack: TestStack;

type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
type Who = HttpSession & { id: string };

const DAY = 24 * 3600 * 1000;
const CENTER = { latitude: 50.9413, longitude: 6.9583 };
const NEAR = { latitude: 50.945, longitude: 6.96 };
const ANNA = { email: 'anna.konto@example.org', firstName: 'Annegret', lastName: 'Kontolöscher' };
const OLGA = { email: 'olga.konto@example.org', firstName: 'Olga', lastName: 'Organisatorin' };

async function signedIn(person: { email: string; firstName: string; lastName: string }): Promise<Who> {
  const s = new HttpSession(stack.publicUrl);
  await s.signIn(person);
  const me = await s.json('GET', '/api/auth/user');
  expect(me.status).toBe(200);
  return Object.assign(s, { id: me.body.id as string });
}

const anonymous = async (method: string, path: string): Promise<Answer> => {
  const res = await fetch(`${stack.publicUrl}${path}`, { method });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

async function exportOf(who: Who): Promise<{ res: Response; data: TAccountExport }> {
  const res = await who.fetch('/api/me/export');
  expect(res.status).toBe(200);
  return { res, data: ZAccountExport.parse(await res.json()) };
}

let olga: Who;
let anna: Who;
let eventId: string;
let standId: string;
let photo: string;

beforeAll(async () => {
  stack = await startTestStack();
  [olga, anna] = await Promise.all([signedIn(OLGA), signedIn(ANNA)]);
  const event = await olga.json('POST', '/api/events', {
    name: 'Hofflohmarkt Konto-Test',
    location: 'Domplatte, Köln',
    startDateTime: new Date(Date.now() + 20 * DAY).toISOString(),
    endDateTime: new Date(Date.now() + 20 * DAY + 6 * 3600 * 1000).toISOString(),
    ...CENTER,
  });
  expect(event.status).toBe(201);
  eventId = event.body.id;
  expect((await anna.json('POST', '/api/exhibitor-profiles', { bio: 'Bücher und Schallplatten aus dem Keller', specialties: ['Bücher'] })).status).toBe(201);
  const stand = await anna.json('POST', '/api/stands', { eventId, description: 'Schallplatten der Siebziger', categories: ['Bücher'], ...NEAR });
  expect(stand.status, JSON.stringify(stand.body)).toBe(201);
  standId = stand.body.id;
  expect((await olga.json('PATCH', `/api/stands/${standId}/approve-draft`)).status).toBe(200);
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2b4162' } })
    .jpeg()
    .toBuffer();
  const uploaded = await anna.json('POST', `/api/stands/${standId}/photos`, {
    photoData: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    fileName: 'stand.jpg',
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  photo = uploaded.body.photos[0];
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/me/export', () => {
  it('downloads everything the user made: account, profile, stand with status and photo link (as a file, never cached)', async () => {
    // The stand's copy of its photo list and the event's name reach stands through the relay a moment later.
    const { res, data } = await until('export with the photo and the event name', async () => {
      const read = await exportOf(anna);
      return read.data.stands[0]?.photos.length && read.data.stands[0].eventName ? read : null;
    });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="meine-daten-flohmarkt-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(data.account).toMatchObject({ id: anna.id, email: ANNA.email, firstName: ANNA.firstName, lastName: ANNA.lastName });
    expect(data.exhibitorProfile).toMatchObject({ userId: anna.id, bio: 'Bücher und Schallplatten aus dem Keller', visibility: 'public' });
    // With the privacy choices she made (the defaults here; the seller's journey exports her own).
    expect(data.stands).toEqual([
      expect.objectContaining({
        id: standId,
        eventId,
        eventName: 'Hofflohmarkt Konto-Test',
        status: 'approved',
        description: 'Schallplatten der Siebziger',
        photos: [photo],
        locationPrecision: 'exact',
        nameDisplay: 'name',
      }),
    ]);
    expect(data.events).toEqual([]);
    expect(data.reviews).toEqual([]);
  });

  it("holds the organiser's own events and nothing of anyone else's", async () => {
    const { data } = await exportOf(olga);
    expect(data.account.id).toBe(olga.id);
    expect(data.events.map((e) => [e.id, e.phase])).toEqual([[eventId, 'upcoming']]);
    expect(data.stands).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(ANNA.email);
  });

  it('takes no id: signed out is 401, a path with an id is 404', async () => {
    expect(await anonymous('GET', '/api/me/export')).toEqual({ status: 401, body: { message: API_ERRORS.unauthenticated } });
    expect((await olga.json('GET', `/api/me/export/${anna.id}`)).status).toBe(404);
    expect((await olga.json('GET', `/api/me/export?userId=${anna.id}`)).body.account.id).toBe(olga.id);
  });
});

describe('DELETE /api/me', () => {
  it('refuses a confirmation that is not the e-mail of the account (400) and keeps everything', async () => {
    for (const body of [{ confirm: OLGA.email }, { confirm: '' }, {}]) {
      expect(await anna.json('DELETE', '/api/me', body)).toEqual({ status: 400, body: { message: ACCOUNT_MESSAGES.confirmMismatch } });
    }
    expect((await anna.json('GET', '/api/auth/user')).status).toBe(200);
  });

  it('refuses an organiser whose market is still to come (409, cancel it first)', async () => {
    expect(await olga.json('DELETE', '/api/me', { confirm: OLGA.email })).toEqual({ status: 409, body: { message: ACCOUNT_MESSAGES.upcomingEvents } });
    expect((await olga.json('GET', `/api/events/${eventId}`)).status).toBe(200);
  });

  it('deletes the seller: the session ends, the stand and its photo leave every public read, a second delete is 401', async () => {
    const res = await anna.fetch('/api/me', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: ANNA.email.toUpperCase() }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/flohmarkt\.sid=;.*Expires=Thu, 01 Jan 1970/i);
    expect(await anna.json('GET', '/api/auth/user')).toEqual({ status: 401, body: { message: API_ERRORS.unauthenticated } });
    expect(await anna.json('DELETE', '/api/me', { confirm: ANNA.email })).toEqual({ status: 401, body: { message: API_ERRORS.unauthenticated } });

    await until('stand gone from the event list', async () => {
      const list = await anonymous('GET', `/api/events/${eventId}/stands`);
      return list.status === 200 && !list.body.some((s: { id: string }) => s.id === standId);
    });
    expect((await anonymous('GET', `/api/stands/${standId}`)).status).toBe(404);
    expect((await anonymous('GET', `/api/users/${anna.id}`)).status).toBe(404);
    expect((await anonymous('GET', `/api/exhibitors/${anna.id}`)).status).toBe(404);
    await until('photo gone', async () => (await fetch(`${stack.publicUrl}${photo}`)).status === 404);
  });

  it('a new sign-in with the same identity makes a new, empty account', async () => {
    const again = await signedIn(ANNA);
    expect(again.id).not.toBe(anna.id);
    const { data } = await exportOf(again);
    expect(data.account).toMatchObject({ email: ANNA.email, role: 'participant' });
    expect(data).toMatchObject({ exhibitorProfile: null, events: [], stands: [], reviews: [] });
  });

  it('deletes an organiser once their market is cancelled, and the event goes with the account', async () => {
    expect((await olga.json('PATCH', `/api/events/${eventId}/cancel`, { reason: 'Konto wird gelöscht' })).status).toBe(200);
    expect((await olga.json('DELETE', '/api/me', { confirm: OLGA.email })).status).toBe(204);
    await until('event gone', async () => (await anonymous('GET', `/api/events/${eventId}`)).status === 404);
  });
});

describe('while a service is down', () => {
  it('the export is 503 with a German message, never a partial file', async () => {
    const ida = await signedIn({ email: 'ida.konto@example.org', firstName: 'Ida', lastName: 'Export' });
    await stack.group.stopOne(stack.entries.stands);
    const res = await ida.fetch('/api/me/export');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(await res.json()).toEqual({ message: API_ERRORS.serviceUnavailable });
  });
});
