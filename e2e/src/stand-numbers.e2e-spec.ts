import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, STAND_NUMBER_MESSAGES } from '@flohmarkt/contracts';
import { planRoute } from '@flohmarkt/route-planner';
import { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';

// Stand numbers in one click (issue 18, item 4) through the gateway: who may number, both orders,
// numbers unique per event (the edit and the approval answer the German 409), kept when stands are
// added, never given again after a stand is withdrawn.

let stack: TestStack;
const ADMIN_EMAIL = 'admin.nummern@flohmarkt.example';

type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
type Who = HttpSession | null;
type Stand = { id: string; standNumber: string | null; latitude: string | null; longitude: string | null; description: string; categories: string[] };

async function call(who: Who, method: string, path: string, body?: unknown): Promise<Answer> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = who ? await who.fetch(path, init) : await fetch(`${stack.publicUrl}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function must(who: Who, method: string, path: string, body?: unknown): Promise<any> {
  const res = await call(who, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function signedIn(email: string, firstName: string, lastName: string): Promise<HttpSession & { id: string }> {
  const s = new HttpSession(stack.publicUrl);
  await s.signIn({ email, firstName, lastName });
  return Object.assign(s, { id: (await call(s, 'GET', '/api/auth/user')).body.id as string });
}

// Leipzig, Markt. About 1 m in degrees here.
const MARKET = { lat: 51.3403, lng: 12.3747 };
const M_LAT = 1 / 111_195;
const M_LNG = 1 / (111_195 * Math.cos((MARKET.lat * Math.PI) / 180));
const DAY = 24 * 3600 * 1000;
const near = (eastM: number, northM: number) => ({ latitude: (MARKET.lat + northM * M_LAT).toFixed(6), longitude: (MARKET.lng + eastM * M_LNG).toFixed(6) });

let organiser: HttpSession & { id: string };
let admin: HttpSession & { id: string };
let anna: HttpSession & { id: string };
let stranger: HttpSession & { id: string };

async function newEvent(): Promise<string> {
  return (
    await must(organiser, 'POST', '/api/events', {
      name: 'Hofflohmarkt Waldstraßenviertel',
      location: 'Markt, Leipzig',
      startDateTime: new Date(Date.now() + 20 * DAY).toISOString(),
      endDateTime: new Date(Date.now() + 20 * DAY + 6 * 3600 * 1000).toISOString(),
      latitude: MARKET.lat,
      longitude: MARKET.lng,
    })
  ).id;
}

/** A guest stand `eastM`/`northM` from the market (none: no position), approved unless told. */
async function guestStand(eventId: string, place: [number, number] | null, options: { number?: string; approve?: boolean } = {}): Promise<string> {
  const stand = await must(null, 'POST', `/api/events/${eventId}/guest-stands`, {
    guestFirstName: 'Gerda',
    standNumber: options.number ?? null,
    description: 'Bücher und alte Schallplatten',
    categories: ['Bücher'],
    ...(place ? near(...place) : {}),
  });
  if (options.approve ?? true) await must(organiser, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
  return stand.id;
}

const numbering = (who: Who, eventId: string, body: unknown) => call(who, 'POST', `/api/events/${eventId}/stand-numbers`, body);
const editForm = (stand: Stand, standNumber: string | null) => ({
  standNumber,
  description: stand.description,
  categories: stand.categories,
  latitude: stand.latitude,
  longitude: stand.longitude,
});
const numbersById = (stands: Stand[]) => Object.fromEntries(stands.map((s) => [s.id, s.standNumber]));

beforeAll(async () => {
  stack = await startTestStack({ adminEmails: ADMIN_EMAIL, gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' } });
  [organiser, admin, anna, stranger] = await Promise.all([
    signedIn('olga.nummern@example.org', 'Olga', 'Organisatorin'),
    signedIn(ADMIN_EMAIL, 'Adam', 'Admin'),
    signedIn('anna.nummern@example.org', 'Anna', 'Ausstellerin'),
    signedIn('frieda.nummern@example.org', 'Frieda', 'Fremd'),
  ]);
});

afterAll(async () => {
  await stack?.stop();
});

describe('who may number', () => {
  it('answers 401, 404, 403, 400 in that order, each with a German message, and numbers nothing', async () => {
    const eventId = await newEvent();
    const stand = await guestStand(eventId, [0, 0]);
    const unknown = '00000000-0000-4000-8000-000000000000';

    expect(await numbering(null, unknown, { order: 'nope' })).toEqual({ status: 401, body: { message: API_ERRORS.unauthenticated } });
    expect(await numbering(organiser, unknown, { order: 'nope' })).toEqual({ status: 404, body: { message: API_ERRORS.eventNotFound } });
    expect(await numbering(stranger, eventId, { order: 'nope' })).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
    expect(await numbering(stranger, eventId, { order: 'street' })).toEqual({ status: 403, body: { message: API_ERRORS.forbidden } });
    expect(await numbering(organiser, eventId, { order: 'nope' })).toEqual({ status: 400, body: { message: STAND_NUMBER_MESSAGES.invalidOrder } });
    expect(await numbering(organiser, eventId, { order: 'walk', start: { lat: 51.3 } })).toEqual({
      status: 400,
      body: { message: STAND_NUMBER_MESSAGES.invalidStart },
    });
    expect((await must(null, 'GET', `/api/stands/${stand}`)).standNumber).toBeNull();
  });

  it('lets an admin number any event', async () => {
    const eventId = await newEvent();
    await guestStand(eventId, [0, 0]);
    const res = await numbering(admin, eventId, { order: 'street' });
    expect(res.status).toBe(200);
    expect(res.body.map((s: Stand) => s.standNumber)).toEqual(['1']);
  });
});

describe('numbering an event', () => {
  it('street by street: every approved stand once, street after street, pending ones left alone; the event page shows the numbers', async () => {
    const eventId = await newEvent();
    const south: string[] = [];
    const north: string[] = [];
    for (let i = 0; i < 5; i++) south.push(await guestStand(eventId, [i * 20, i % 2 ? 4 : -4]));
    for (let i = 0; i < 5; i++) north.push(await guestStand(eventId, [i * 20, 80 + (i % 2 ? 4 : -4)]));
    const pending = await guestStand(eventId, [10, 40], { approve: false });

    const res = await numbering(organiser, eventId, { order: 'street', start: { lat: MARKET.lat - 30 * M_LAT, lng: MARKET.lng - 30 * M_LNG } });
    expect(res.status).toBe(200);
    expect(res.body.map((s: Stand) => s.id)).toEqual([...south, ...[...north].reverse()]);
    expect(res.body.map((s: Stand) => s.standNumber)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);

    const page = numbersById(await must(null, 'GET', `/api/events/${eventId}/stands`));
    expect(page[south[0]!]).toBe('1');
    expect(page[north[0]!]).toBe('10');
    expect((await must(organiser, 'GET', `/api/stands/${pending}`)).standNumber).toBeNull();
  });

  it('along the shortest walk: the route planner’s order from the start', async () => {
    const eventId = await newEvent();
    for (const place of [
      [120, 40],
      [-30, 80],
      [60, -50],
      [0, 10],
      [200, 0],
      [90, 90],
      [-60, -20],
      [30, 150],
    ] as [number, number][])
      await guestStand(eventId, place);
    const start = { lat: MARKET.lat + 30 * M_LAT, lng: MARKET.lng + 30 * M_LNG };
    const stands = (await must(null, 'GET', `/api/events/${eventId}/stands`)) as Stand[];
    const planned = planRoute({
      stops: stands.map((s) => ({ id: s.id, lat: Number(s.latitude), lng: Number(s.longitude) })),
      start,
      loop: false,
      mode: 'walk',
    });

    const res = await numbering(organiser, eventId, { order: 'walk', start });
    expect(res.status).toBe(200);
    expect(res.body.map((s: Stand) => s.id)).toEqual(planned.order);
    expect(res.body.map((s: Stand) => s.standNumber)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  });
});

describe('numbers stay unique, kept and unused', () => {
  it('refuses a taken number on edit and on approval with a German 409, keeps given numbers, and never gives one twice', async () => {
    const eventId = await newEvent();
    const annasStand = (
      await must(anna, 'POST', '/api/stands', { eventId, description: 'Kinderkleidung und Spielzeug', categories: ['Spielzeug'], ...near(0, 0) })
    ).id;
    await must(organiser, 'PATCH', `/api/stands/${annasStand}/approve-draft`);
    const others = [await guestStand(eventId, [20, 0]), await guestStand(eventId, [40, 0])];
    const first = numbersById(await must(organiser, 'POST', `/api/events/${eventId}/stand-numbers`, { order: 'street' }));
    expect(Object.values(first).sort()).toEqual(['1', '2', '3']);

    // Editing to a number another stand has, also written differently, is refused and changes nothing.
    const taken = first[others[0]!]!;
    const annas = (await must(anna, 'GET', `/api/stands/${annasStand}`)) as Stand;
    const conflict = { status: 409, body: { message: STAND_NUMBER_MESSAGES.numberTaken } };
    expect(await call(anna, 'PUT', `/api/stands/${annasStand}`, editForm(annas, taken))).toEqual(conflict);
    expect(await call(organiser, 'PUT', `/api/stands/${annasStand}`, editForm(annas, ` 0${taken} `))).toEqual(conflict);
    expect((await must(null, 'GET', `/api/stands/${annasStand}`)).standNumber).toBe(first[annasStand]);
    expect((await must(organiser, 'PUT', `/api/stands/${annasStand}`, editForm(annas, 'Hof 12'))).standNumber).toBe('Hof 12');

    // A registration may wish for a taken number; approving it is refused until the number changes.
    const wish = await guestStand(eventId, [60, 0], { number: taken, approve: false });
    expect(await call(organiser, 'PATCH', `/api/stands/${wish}/approve-draft`)).toEqual(conflict);
    const wished = (await must(organiser, 'GET', `/api/stands/${wish}`)) as Stand;
    await must(organiser, 'PUT', `/api/stands/${wish}`, editForm(wished, null));
    await must(organiser, 'PATCH', `/api/stands/${wish}/approve-draft`);

    // Anna withdraws (her number was 1 and is now 'Hof 12'; 3 is the highest given): new stands continue at 4.
    await must(anna, 'DELETE', `/api/stands/${annasStand}`);
    const highest = others.find((id) => first[id] === '3')!;
    await must(organiser, 'DELETE', `/api/stands/${highest}`);
    const second = await must(organiser, 'POST', `/api/events/${eventId}/stand-numbers`, { order: 'walk' });
    expect(second.map((s: Stand) => [s.id, s.standNumber])).toEqual([[wish, '4']]);

    const page = numbersById(await must(null, 'GET', `/api/events/${eventId}/stands`));
    expect(Object.values(page).sort()).toEqual([...new Set(Object.values(page))].sort());
    expect(await must(organiser, 'POST', `/api/events/${eventId}/stand-numbers`, { order: 'street' })).toEqual([]);
  });
});
