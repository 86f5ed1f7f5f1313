import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInController } from './sign-in.controller.js';
import { SIGNED_IN, USER_ID, startForwardingGateway, type ForwardingGateway } from '../testing/forwarding-gateway.js';

const END_SESSION = 'http://idp.example/oidc/session/end?client_id=flohmarkt&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A8080%2F';

let gateway: ForwardingGateway;
beforeAll(async () => {
  gateway = await startForwardingGateway(
    (app, { config, services, redis }) => {
      const controller = new SignInController(config, services, redis);
      // Express answers a HEAD with the GET's handler, as the gateway's own routes do.
      app.get('/api/logout', (req, res) => void controller.logout(req, res));
      app.get('/api/auth/user', (req, res) => void controller.user(req, res));
    },
    (call) => (call.path === '/internal/sign-in/end' ? { status: 200, body: { url: END_SESSION } } : { status: 404, body: { message: 'Nicht gefunden.' } }),
  );
});
afterAll(async () => {
  await gateway?.close();
});

function signOut(secFetchSite?: string) {
  const headers: Record<string, string> = { ...SIGNED_IN };
  if (secFetchSite) headers['sec-fetch-site'] = secFetchSite;
  return fetch(`${gateway.base}/api/logout`, { headers, redirect: 'manual' });
}

describe('GET /api/logout', () => {
  it.each(['cross-site', 'same-site'])('sent from another site (Sec-Fetch-Site: %s) ends nothing and lands on /', async (site) => {
    gateway.destroyedSessions.clear();
    const callsBefore = gateway.calls.length;
    const res = await signOut(site);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(gateway.destroyedSessions.has(USER_ID)).toBe(false);
    expect(gateway.calls.slice(callsBefore).some((c) => c.path === '/internal/sign-in/end')).toBe(false);
  });

  it.each([['same-origin'], ['none'], [undefined]])(
    'from our own page, typed or without the header (%s) ends the session and the provider session',
    async (site) => {
      gateway.destroyedSessions.clear();
      const res = await signOut(site);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(END_SESSION);
      expect(res.headers.get('set-cookie')).toMatch(/flohmarkt\.sid=;/);
      expect(gateway.destroyedSessions.has(USER_ID)).toBe(true);
    },
  );

  it('a HEAD (a link checker, a mail scanner) ends nothing, even from our own page', async () => {
    gateway.destroyedSessions.clear();
    const res = await fetch(`${gateway.base}/api/logout`, { method: 'HEAD', headers: { ...SIGNED_IN, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(gateway.destroyedSessions.has(USER_ID)).toBe(false);
  });

  it('never hands the ID token to the auth service for the end-session URL', async () => {
    await signOut('same-origin');
    const ends = gateway.calls.filter((c) => c.path === '/internal/sign-in/end');
    expect(ends.length).toBeGreaterThan(0);
    for (const call of ends) expect(JSON.parse(call.body)).toEqual({});
  });
});

describe('GET /api/auth/user', () => {
  it('answers the signed-in user private, no-store with Vary: Cookie', async () => {
    const res = await fetch(`${gateway.base}/api/auth/user`, { headers: SIGNED_IN });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(USER_ID);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toMatch(/\bCookie\b/);
  });
});
