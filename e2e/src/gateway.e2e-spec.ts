import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';

let stack: TestStack;
const ADMIN = 'chefin@flohmarkt.example';

beforeAll(async () => {
  stack = await startTestStack({
    adminEmails: `other@example.org, ${ADMIN.toUpperCase()}`,
    gatewayEnv: { GUEST_REGISTRATION_LIMIT: '3', BODY_LIMIT_BYTES: '2048' },
  });
});
afterAll(async () => {
  await stack?.stop();
});

const person = (email: string) => ({ email, firstName: 'Erika', lastName: 'Mustermann' });

describe('sign-in and session', () => {
  it('answers 401 with a German message when signed out', async () => {
    const res = await fetch(`${stack.publicUrl}/api/auth/user`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: API_ERRORS.unauthenticated });
  });

  it('signs in through the identity provider and answers the user with a fresh session id', async () => {
    const browser = new HttpSession(stack.publicUrl);
    await browser.fetch('/api/login').then((r) => r.arrayBuffer());
    const before = browser.cookieHeader();
    const landed = await browser.signIn(person('Erika.Mustermann@Example.org'));
    expect(landed).toBe(`${stack.publicUrl}/`);
    expect(browser.cookieHeader()).not.toBe(before);
    const res = await browser.fetch('/api/auth/user');
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({
      email: 'erika.mustermann@example.org',
      firstName: 'Erika',
      lastName: 'Mustermann',
      role: 'participant',
      profileImageUrl: null,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets an httpOnly SameSite=Lax session cookie', async () => {
    const res = await fetch(`${stack.publicUrl}/api/login`, { redirect: 'manual' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('flohmarkt.sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // served over plain http here
  });

  it('tells the web app by a readable hint cookie that a browser signed in, and takes it back at sign-out (issue 22)', async () => {
    const browser = new HttpSession(stack.publicUrl);
    await browser.signIn(person('hinted@example.org'));
    expect(browser.hasCookie('flohmarkt_session_hint')).toBe(true);
    // A session without the hint (one from before it existed) gets it on its next call: readable by the
    // page's script, so not httpOnly (the session cookie beside it stays httpOnly).
    const withoutHint = browser.cookieHeader().replace(/(^|; )flohmarkt_session_hint=[^;]*/, '');
    const oldSession = await fetch(`${stack.publicUrl}/api/events?limit=1`, { headers: { cookie: withoutHint } });
    const hint = oldSession.headers.getSetCookie().find((c) => c.startsWith('flohmarkt_session_hint=1'));
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Path=\//i);
    expect(hint).not.toMatch(/HttpOnly/i);
    await browser.signOut();
    expect(browser.hasCookie('flohmarkt_session_hint')).toBe(false);
  });

  it('clears a hint without a session, and sets none for a visitor who never signed in', async () => {
    const stale = await fetch(`${stack.publicUrl}/api/events?limit=1`, { headers: { cookie: 'flohmarkt_session_hint=1' } });
    expect(stale.headers.getSetCookie().find((c) => c.startsWith('flohmarkt_session_hint='))).toMatch(/Expires=Thu, 01 Jan 1970/i);
    const visitor = await fetch(`${stack.publicUrl}/api/events?limit=1`);
    expect(visitor.headers.getSetCookie()).toEqual([]);
  });

  it('keeps the same user for the same e-mail in any letter case', async () => {
    const a = new HttpSession(stack.publicUrl);
    await a.signIn(person('same.person@example.org'));
    const b = new HttpSession(stack.publicUrl);
    await b.signIn(person('SAME.Person@example.org'));
    const [ua, ub] = await Promise.all([a.fetch('/api/auth/user').then((r) => r.json()), b.fetch('/api/auth/user').then((r) => r.json())]);
    expect(ub.id).toBe(ua.id);
  });

  it('follows a same-origin returnTo', async () => {
    const browser = new HttpSession(stack.publicUrl);
    expect(await browser.signIn(person('return@example.org'), '/events/abc?x=1')).toBe(`${stack.publicUrl}/events/abc?x=1`);
  });

  it.each(['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])('does not follow returnTo=%s', async (returnTo) => {
    const browser = new HttpSession(stack.publicUrl);
    expect(await browser.signIn(person('careful@example.org'), returnTo)).toBe(`${stack.publicUrl}/`);
  });

  it('grants admin to ADMIN_EMAILS at sign-in', async () => {
    const browser = new HttpSession(stack.publicUrl);
    await browser.signIn(person(ADMIN));
    expect((await (await browser.fetch('/api/auth/user')).json()).role).toBe('admin');
  });

  it('signs out: ends our session and the provider session, and lands on /', async () => {
    const browser = new HttpSession(stack.publicUrl);
    await browser.signIn(person('leaving@example.org'));
    const url = await browser.signOut();
    expect(url).toBe(`${stack.publicUrl}/`);
    // The end-session URL names our client, never the ID token (URLs end up in logs and the history).
    expect(browser.hops.some((h) => h.includes('/oidc/session/end') && h.includes('client_id='))).toBe(true);
    expect(browser.hops.some((h) => h.includes('id_token_hint'))).toBe(false);
    expect((await browser.fetch('/api/auth/user')).status).toBe(401);
    // The provider forgot us too: signing in again shows its form instead of passing straight through.
    const again = await browser.follow('/api/login');
    expect(await again.res.text()).toContain('name="email"');
  });
});

describe('gateway rules', () => {
  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await fetch(`${stack.publicUrl}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: API_ERRORS.notFound });
  });

  it('compresses larger JSON answers for browsers that accept it, and only for them', async () => {
    const organiser = new HttpSession(stack.publicUrl);
    await organiser.signIn(person('kompression@example.org'));
    const start = Date.now() + 30 * 24 * 3600_000;
    for (let i = 0; i < 16; i++) {
      const created = await organiser.json('POST', '/api/events', {
        name: `Kompressionsmarkt ${i}`,
        description: 'Ein Flohmarkt mit vielen Ständen, Kaffee und Kuchen für alle Besucherinnen und Besucher.',
        location: 'Roncalliplatz, Köln',
        startDateTime: new Date(start + i * 3600_000).toISOString(),
        endDateTime: new Date(start + (i + 5) * 3600_000).toISOString(),
      });
      expect(created.status).toBe(201);
    }
    const url = `${stack.publicUrl}/api/events`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const events = await plain.json();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(8 * 1024);
    for (const encoding of ['br', 'gzip']) {
      // fetch decodes the body itself and still shows the header it decoded.
      const packed = await fetch(url, { headers: { 'accept-encoding': encoding } });
      expect([packed.status, packed.headers.get('content-encoding'), packed.headers.get('vary')]).toEqual([200, encoding, 'Accept-Encoding']);
      expect(await packed.json()).toEqual(events);
    }
    // A HEAD says what the GET would send: the same encoding and packed length, and no body (anonymous from
    // memory, and asked of the service with no-cache).
    for (const fresh of [{}, { 'cache-control': 'no-cache' }] as Record<string, string>[]) {
      const get = await fetch(url, { headers: { 'accept-encoding': 'br', ...fresh } });
      const head = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'br', ...fresh } });
      expect([head.status, head.headers.get('content-encoding'), head.headers.get('vary')]).toEqual([200, 'br', 'Accept-Encoding']);
      expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      await get.arrayBuffer();
    }
    // Small answers go as they are.
    const small = await fetch(`${url}?limit=5`, { headers: { 'accept-encoding': 'br' } });
    expect([small.status, small.headers.get('content-encoding')]).toEqual([200, null]);
  });

  it('answers 401 before anything else for calls that need sign-in', async () => {
    const res = await fetch(`${stack.publicUrl}/api/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });

  it('refuses state-changing requests from another origin', async () => {
    const res = await fetch(`${stack.publicUrl}/api/events/x/guest-stands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: API_ERRORS.crossOrigin });
  });

  it('refuses bodies over the configured limit with 413', async () => {
    const browser = new HttpSession(stack.publicUrl);
    await browser.signIn(person('big@example.org'));
    const res = await browser.fetch('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'x'.repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: API_ERRORS.bodyTooLarge });
  });

  it('answers malformed JSON with 400', async () => {
    const browser = new HttpSession(stack.publicUrl);
    await browser.signIn(person('json@example.org'));
    const res = await browser.fetch('/api/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: API_ERRORS.invalidJson });
  });

  it('rate-limits anonymous guest registrations with 429 and Retry-After', async () => {
    const post = () =>
      fetch(`${stack.publicUrl}/api/events/00000000-0000-4000-8000-000000000000/guest-stands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post()).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: API_ERRORS.tooManyRegistrations });
  });

  it('sets security headers with a Content-Security-Policy that allows no inline script', async () => {
    const res = await fetch(`${stack.publicUrl}/api/auth/user`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('reports every service healthy on /api/health', async () => {
    const res = await fetch(`${stack.publicUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', services: { auth: 'up', events: 'up', stands: 'up', media: 'up' } });
  });

  it('serves Prometheus metrics on internal ports only', async () => {
    await fetch(`${stack.publicUrl}/api/auth/user`);
    const gatewayMetrics = await (await fetch(`http://127.0.0.1:${stack.ports.gatewayMetrics}/metrics`)).text();
    expect(gatewayMetrics).toMatch(/http_requests_total\{[^}]*route="\/api\/auth\/user"[^}]*status="401"/);
    expect(gatewayMetrics).toContain('http_request_duration_seconds_bucket');
    const servicesMetrics = await (await fetch(`${stack.urls.events}/metrics`)).text();
    expect(servicesMetrics).toContain('process_cpu_user_seconds_total');
    const publicAnswer = await (await fetch(`${stack.publicUrl}/metrics`)).text();
    expect(publicAnswer).not.toContain('http_requests_total');
  });
});
