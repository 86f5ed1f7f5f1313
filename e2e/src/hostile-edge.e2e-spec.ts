import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, PUBLIC_CALLS } from '@flohmarkt/contracts';
import { HttpSession } from './support/browser-session.js';
import { canary, rawRequest, type RawAnswer } from './support/raw-http.js';
import { startTestStack, type TestStack } from './support/stack.js';

// The edge as an attacker sees it: request lines written byte for byte over a socket, for every
// route of the gateway's table, and the services' own doors with each credential.

let stack: TestStack;
let trap: Awaited<ReturnType<typeof canary>>;
let gatewayPort: number;
let organizer: HttpSession & { id: string };
let stranger: HttpSession & { id: string };
let eventId: string;
let guestStandId: string;

const DAY = 24 * 3600 * 1000;

async function signedIn(email: string): Promise<HttpSession & { id: string }> {
  const s = new HttpSession(stack.publicUrl);
  await s.signIn({ email, firstName: 'Test', lastName: 'Person' });
  const me = await s.json('GET', '/api/auth/user');
  return Object.assign(s, { id: me.body.id as string });
}

beforeAll(async () => {
  trap = await canary();
  stack = await startTestStack();
  gatewayPort = new URL(stack.publicUrl).port ? Number(new URL(stack.publicUrl).port) : 80;
  organizer = await signedIn('veranstalterin.edge@example.org');
  stranger = await signedIn('fremd.edge@example.org');
  const event = await organizer.json('POST', '/api/events', {
    name: 'Hofflohmarkt Kante',
    location: 'Domplatte, Köln',
    startDateTime: new Date(Date.now() + 30 * DAY).toISOString(),
    endDateTime: new Date(Date.now() + 31 * DAY).toISOString(),
    latitude: 50.9413,
    longitude: 6.9583,
  });
  expect(event.status, JSON.stringify(event.body)).toBe(201);
  eventId = event.body.id;
  const guest = await new HttpSession(stack.publicUrl).json('POST', `/api/events/${eventId}/guest-stands`, {
    guestFirstName: 'Gerda',
    guestLastName: 'Gast',
    description: 'Bücher und alte Schallplatten',
    categories: ['Bücher'],
    foodCategories: [],
    activityCategories: [],
  });
  expect(guest.status, JSON.stringify(guest.body)).toBe(201);
  guestStandId = guest.body.id;
});

afterAll(async () => {
  await stack?.stop();
  await trap?.close();
});

/** The calls the gateway forwards to a service, as declared once (libs/contracts/src/public-api/). */
const ROUTES = PUBLIC_CALLS.filter((call) => call.service !== 'gateway').map((call) => ({ method: call.method, path: call.path }));

/** A route's path with every parameter filled in (`*` with a photo path). */
function concrete(path: string): string {
  return path.replace(/:id|:userId/g, () => eventId).replace('*', `stands/${randomUUID()}/${randomUUID()}.jpg`);
}

/** Ways to make one matched path point somewhere else, each as a request target. */
function twisted(path: string): Array<[string, string]> {
  const p = `/api${path}`;
  const parent = p.slice(0, p.lastIndexOf('/'));
  return [
    ['absolute form to another host', `http://127.0.0.1:${trap.port}${p}`],
    ['absolute form naming the gateway', `http://localhost:${gatewayPort}${p}`],
    ['backslashes', `${parent}/..\\internal\\users?ids=${randomUUID()}`],
    ['encoded backslashes', `${p}/..%5c..%5cmetrics`],
    ['encoded dots', `${p}/%2e%2e/%2e%2e/metrics`],
    ['upper-case encoded dots', `${p}/%2E%2E/metrics`],
    ['encoded slash', `${parent}%2f..%2f..%2fmetrics`],
    ['dot segments', `${p}/../../metrics`],
    ['a single dot segment', `${parent}/./${p.slice(parent.length + 1)}`],
  ];
}

function expectRefused(answer: RawAnswer, what: string): void {
  expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBe(400);
  expect(JSON.parse(answer.body), what).toEqual({ message: API_ERRORS.invalidRequestTarget });
}

describe('request targets on the public port', () => {
  it('answers an ordinary request line as before (the suite would prove nothing otherwise)', async () => {
    const answer = await rawRequest(gatewayPort, 'GET', `/api/events/${eventId}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ id: eventId });
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r]))('refuses every twisted target of %s with 400 before routing', async (_, route) => {
    const body = route.method === 'GET' ? undefined : '{}';
    const headers = { cookie: stranger.cookieHeader() };
    // The same route untwisted is routed (whatever the service then decides): the refusals below are not blanket ones.
    const plain = await rawRequest(gatewayPort, route.method, `/api${concrete(route.path)}`, { body, headers });
    expect(plain.status, plain.body).toBeLessThan(500);
    expect(plain.body).not.toContain(API_ERRORS.invalidRequestTarget);
    for (const [how, target] of twisted(concrete(route.path))) {
      expectRefused(await rawRequest(gatewayPort, route.method, target, { body, headers }), `${how}: ${target}`);
    }
  });

  it('never connects to the host an absolute-form target names, nor sends it the internal token', () => {
    expect(ROUTES.length).toBeGreaterThan(30);
    expect(trap.hits).toEqual([]);
  });

  it('refuses an escape that is no UTF-8 as an address, and a request line over 16 KB with the German message', async () => {
    for (const target of ['/api/events/%c0', '/api/stands/%c0', '/api/media/stands/%ff']) {
      expectRefused(await rawRequest(gatewayPort, 'GET', target), target);
    }
    const long = await rawRequest(gatewayPort, 'GET', `/api/events?ids=${Array.from({ length: 600 }, () => randomUUID()).join(',')}`);
    expect(long.status).toBe(431);
    expect(JSON.parse(long.body)).toEqual({ message: API_ERRORS.headersTooLarge });
  });

  it('does not hand out users through a backslash path (the reported attack)', async () => {
    const answer = await rawRequest(gatewayPort, 'GET', `/api/users/..\\internal\\users?ids=${organizer.id}`);
    expectRefused(answer, 'backslash to internal users');
    expect(answer.body).not.toContain('@example.org');
  });

  it('never serves metrics through the public port, however the path is written', async () => {
    const metricsPort = stack.replicas.gateway[0]!.metricsPort!;
    for (const target of [
      '/api/users/..\\metrics',
      `http://127.0.0.1:${metricsPort}/api/media/%2e%2e/%2e%2e/metrics`,
      '/api/media/..%2f..%2fmetrics',
      '/metrics',
    ]) {
      const answer = await rawRequest(gatewayPort, 'GET', target);
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
      expect(answer.status, target).toBeLessThan(500);
      expect(answer.body, target).not.toMatch(/process_cpu|http_request/);
    }
  });

  it('refuses twisted targets outside /api too (web app, identity provider, tiles)', async () => {
    for (const target of [
      '/..\\..\\etc\\passwd',
      '/oidc/..%2f..%2fapi%2fevents',
      '/tiles/%2e%2e/1/1/1.png',
      '/assets/../../package.json',
      'http://127.0.0.1:1/',
    ]) {
      expectRefused(await rawRequest(gatewayPort, 'GET', target), target);
    }
    expect(trap.hits).toEqual([]);
  });

  it('lets a stranger not remove a photo of another stand through a crafted path', async () => {
    const target = `/api/stands/..\\internal\\stands\\${guestStandId}\\photos`;
    const body = JSON.stringify({ photoPath: `/api/media/stands/${guestStandId}/${randomUUID()}.jpg` });
    expectRefused(await rawRequest(gatewayPort, 'DELETE', target, { body, headers: { cookie: stranger.cookieHeader() } }), target);
  });
});

describe("the services' doors", () => {
  const internal = (service: string, path: string, init: { method?: string; token?: string; caller?: HttpSession & { id: string }; body?: unknown } = {}) =>
    fetch(`${stack.urls[service]}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token ? { 'x-internal-token': init.token } : {}),
        ...(init.caller ? { 'x-user-id': init.caller.id, 'x-user-role': 'participant' } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });

  it("opens no internal route with the gateway's token, but the gateway's own calls", async () => {
    expect((await internal('events', `/internal/users/${organizer.id}/events`, { token: stack.tokens.gateway })).status).toBe(401);
    expect((await internal('stands', '/internal/stands/00000000-0000-4000-8000-000000000000/photo-access', { token: stack.tokens.gateway })).status).toBe(401);
    expect((await internal('events', `/internal/events/${eventId}`, { token: stack.tokens.gateway })).status).toBe(401);
    expect((await internal('auth', `/internal/users/${organizer.id}`, { token: stack.tokens.gateway })).status).toBe(200);
  });

  it("opens the internal routes with the services' token, and no public one", async () => {
    const organised = await internal('events', `/internal/users/${organizer.id}/events`, { token: stack.tokens.service });
    expect(organised.status).toBe(200);
    expect((await organised.json()).events[0]).toMatchObject({ id: eventId });
    expect((await internal('events', `/events/${eventId}`, { token: stack.tokens.service })).status).toBe(401);
    expect((await internal('events', `/events/${eventId}`, { token: stack.tokens.gateway })).status).toBe(200);
  });

  it('refuses a twisted target at the service as well', async () => {
    const answer = await rawRequest(stack.ports.auth!, 'GET', `/users/..\\internal\\users/${organizer.id}`, {
      headers: { 'x-internal-token': stack.tokens.service },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('@example.org');
  });

  it('leaves the photo list to media: stands answers only who may change the photos', async () => {
    const access = (caller?: HttpSession & { id: string }) =>
      internal('stands', `/internal/stands/${guestStandId}/photo-access`, { token: stack.tokens.service, ...(caller ? { caller } : {}) });
    expect((await access()).status).toBe(401);
    expect((await access(stranger)).status).toBe(404);
    const allowed = await access(organizer);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ standId: guestStandId });
    // The internal photo writes of earlier releases are gone: media owns the list.
    const path = `/api/media/stands/${guestStandId}/${randomUUID()}.jpg`;
    const photos = (method: string) =>
      internal('stands', `/internal/stands/${guestStandId}/photos`, { token: stack.tokens.service, method, body: { path }, caller: organizer });
    expect((await photos('POST')).status).toBe(404);
    expect((await photos('DELETE')).status).toBe(404);
  });
});
