import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInSession } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { inDays } from './support/days.js';
import { startTestStack, WEB_DIST, type TestStack } from './support/stack.js';

/*
 * The product's features tried as an attacker would, on a stack with the product's own limits (the test
 * stack's generous set-up values are overridden here): the gateway's memory of anonymous public reads
 * and the first paints that read through it (a HEAD, answered without a body, must never become the copy
 * every later signed-out visitor gets), the budgets of signed-in writes and the route limit, the cache
 * headers of private answers, and a sign-out sent from another site.
 */

let stack: TestStack;
let eventId: string;

beforeAll(async () => {
  stack = await startTestStack({
    webDist: WEB_DIST,
    gatewayEnv: { WRITE_BUDGET_MARKETS: '10', WRITE_BUDGET_STANDS: '50', ROUTE_LIMIT_ANONYMOUS: '30', ROUTE_LIMIT_SIGNED_IN: '60' },
  });
  const olga = new HttpSession(stack.publicUrl);
  await olga.signIn({ email: 'olga.cache@example.org', firstName: 'Olga', lastName: 'Organisiert' });
  const created = await apiCall(stack.publicUrl, olga, 'POST', '/api/events', market('Hofflohmarkt Nippes'));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  eventId = created.body.id;
});

afterAll(async () => {
  await stack?.stop();
});

function market(name: string) {
  return {
    name,
    description: 'Viele Höfe, ein Flohmarkt.',
    location: 'Nippes, Köln',
    latitude: 50.965,
    longitude: 6.955,
    startDateTime: inDays(12, 8),
    endDateTime: inDays(12, 14),
  };
}

const reads = () => [
  { name: 'event detail', path: `/api/events/${eventId}`, holds: 'Hofflohmarkt Nippes' },
  { name: 'event list', path: '/api/events?upcoming=true', holds: 'Hofflohmarkt Nippes' },
  { name: 'map viewport', path: '/api/events/viewport?bbox=6.8,50.8,7.1,51.1&zoom=12', holds: eventId },
  { name: 'event page', path: `/events/${eventId}`, holds: 'Hofflohmarkt Nippes' },
];

describe('HEAD before GET on every cached read', () => {
  it.each([0, 1, 2, 3])('read %i: a HEAD answers headers only and leaves the GET whole for everyone after it', async (index) => {
    const read = reads()[index];
    const head = await fetch(`${stack.publicUrl}${read.path}`, { method: 'HEAD' });
    expect(head.status, read.name).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    for (let visitor = 0; visitor < 3; visitor++) {
      // Repeated HEADs in between, as an attacker keeping the copy broken would send them.
      await fetch(`${stack.publicUrl}${read.path}`, { method: 'HEAD' }).then((r) => r.arrayBuffer());
      const get = await fetch(`${stack.publicUrl}${read.path}`);
      expect(get.status, read.name).toBe(200);
      const text = await get.text();
      expect(text, `${read.name}, visitor ${visitor}`).toContain(read.holds);

      const etag = get.headers.get('etag');
      if (etag) {
        // A browser revalidating its copy gets 304 only for a copy that holds the answer.
        const again = await fetch(`${stack.publicUrl}${read.path}`, { headers: { 'if-none-match': etag } });
        expect([200, 304]).toContain(again.status);
        if (again.status === 200) expect(await again.text()).toContain(read.holds);
      }
    }
  });

  it('answers a HEAD of a kept read with the GET answer’s headers and no body', async () => {
    const path = `/api/events/${eventId}`;
    const get = await fetch(`${stack.publicUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await get.arrayBuffer());
    const head = await fetch(`${stack.publicUrl}${path}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(Number(head.headers.get('content-length'))).toBe(body.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('budgets and limits', () => {
  it('refuses the 11th market of one user within 24 h with a German 429 and Retry-After, and leaves other users their own budget', async () => {
    const busy = await signedInSession(stack.publicUrl, 'viele.maerkte@example.org', 'Viele', 'Märkte');
    for (let n = 1; n <= 10; n++) {
      const answer = await apiCall(stack.publicUrl, busy, 'POST', '/api/events', market(`Markt Nummer ${n}`));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const res = await busy.fetch('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(market('Markt zu viel')),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).message).toMatch(/10 Flohmärkte/);
    const other = await signedInSession(stack.publicUrl, 'ein.markt@example.org', 'Ein', 'Markt');
    expect((await apiCall(stack.publicUrl, other, 'POST', '/api/events', market('Mein erster Markt'))).status).toBe(201);
  });

  it('limits route plans to 30 a minute per anonymous address', async () => {
    const path = `/api/events/${eventId}/route?stands=${eventId}`;
    for (let n = 0; n < 30; n++) {
      const res = await fetch(`${stack.publicUrl}${path}`);
      await res.arrayBuffer();
      expect(res.status).not.toBe(429);
    }
    const limited = await fetch(`${stack.publicUrl}${path}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(/[äöüß]|Bitte/);
  });
});

describe('private answers and sign-out', () => {
  it('marks answers that depend on the session or a secret link private, no-store, and leaves anonymous public reads cacheable', async () => {
    const someone = await signedInSession(stack.publicUrl, 'privat@example.org', 'Pia', 'Privat');
    for (const path of ['/api/auth/user', '/api/me/favourites', `/api/events/${eventId}`]) {
      const res = await someone.fetch(path);
      await res.arrayBuffer();
      expect(res.headers.get('cache-control'), path).toMatch(/private/);
      expect(res.headers.get('cache-control'), path).toMatch(/no-store/);
    }
    const manage = await fetch(`${stack.publicUrl}/api/guest-stands/AbCdEfGhIjKlMnOpQrStUvWxYz012345678`);
    await manage.arrayBuffer();
    expect(manage.headers.get('cache-control')).toMatch(/no-store/);
    const anonymous = await fetch(`${stack.publicUrl}/api/events/${eventId}`);
    await anonymous.arrayBuffer();
    expect(anonymous.headers.get('cache-control') ?? '').not.toMatch(/no-store/);
  });

  it('keeps the session when another site sends the browser to /api/logout, and ends it for our own sign-out', async () => {
    const someone = await signedInSession(stack.publicUrl, 'abmelden@example.org', 'Abi', 'Melden');
    const crossSite = await someone.fetch('/api/logout', { headers: { 'sec-fetch-site': 'cross-site' }, redirect: 'manual' });
    await crossSite.arrayBuffer();
    expect((await someone.fetch('/api/auth/user')).status).toBe(200);
    const own = await someone.fetch('/api/logout', { headers: { 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
    await own.arrayBuffer();
    expect(own.headers.get('location') ?? '').not.toMatch(/id_token_hint/);
    expect((await someone.fetch('/api/auth/user')).status).toBe(401);
  });
});
