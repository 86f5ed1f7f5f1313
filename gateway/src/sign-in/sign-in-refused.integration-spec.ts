import type { Request } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignInController } from './sign-in.controller.js';
import { startForwardingGateway, type ForwardingGateway } from '../testing/forwarding-gateway.js';

const AUTHORIZE = 'http://idp.example/oidc/auth?client_id=flohmarkt';
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const SCRIPT = { accept: 'application/json' };

let gateway: ForwardingGateway;
const STARTED = { status: 200, body: { authorizationUrl: AUTHORIZE, state: 'state-1', codeVerifier: 'v'.repeat(43) } as unknown };
/** What the fake auth service answers to the sign-in start. */
let startAnswer = STARTED;

beforeAll(async () => {
  gateway = await startForwardingGateway(
    (app, { config, services, redis }) => {
      // Two sign-in starts per window from one address, so the third is refused.
      const controller = new SignInController({ ...config, SIGN_IN_LIMIT: 2 }, services, redis);
      // A session that saves: the stand-in of forwarding-gateway.ts gives only signed-in requests one.
      app.use((req, _res, next) => {
        req.session ??= { save: (done: (err?: unknown) => void) => done() } as unknown as Request['session'];
        next();
      });
      app.get('/api/login', (req, res) => void controller.login(req, res, req.query.returnTo as string | undefined));
    },
    (call) => (call.path === '/internal/sign-in/start' ? startAnswer : { status: 404, body: { message: 'Nicht gefunden.' } }),
  );
});
afterAll(async () => {
  await gateway?.close();
});
// Each test from a fresh window and a working sign-in service, whatever ran before it.
beforeEach(async () => {
  for (const key of await gateway.redis.keys(`${gateway.config.REDIS_PREFIX}rl:*`)) await gateway.redis.del(key);
  startAnswer = STARTED;
});

/** Uses up the address's sign-in starts of this window. */
async function useUpSignIns(): Promise<void> {
  for (let i = 0; i < 2; i++) expect((await signIn(BROWSER)).headers.get('location')).toBe(AUTHORIZE);
}

function signIn(headers: Record<string, string>, returnTo = '/events/abc') {
  return fetch(`${gateway.base}/api/login?returnTo=${encodeURIComponent(returnTo)}`, { headers, redirect: 'manual' });
}

describe('GET /api/login refused', () => {
  it('throttled, sends a browser to the German page with a way back, and answers a script JSON 429', async () => {
    await useUpSignIns();

    const page = await signIn(BROWSER);
    expect(page.status).toBe(303);
    const target = new URL(page.headers.get('location') ?? '', 'http://x');
    expect(target.pathname).toBe('/anmelden-nicht-moeglich');
    expect(target.searchParams.get('grund')).toBe('zu-viele-versuche');
    expect(target.searchParams.get('zurueck')).toBe('/events/abc');
    expect(Number(target.searchParams.get('minuten'))).toBeGreaterThanOrEqual(1);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);

    const call = await signIn(SCRIPT);
    expect(call.status).toBe(429);
    expect(await call.json()).toEqual({ message: 'Zu viele Anfragen. Bitte versuche es später erneut.' });
    expect(Number(call.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('never carries a doubtful way back: another origin becomes the start page', async () => {
    await useUpSignIns();
    const page = await signIn(BROWSER, '//evil.example/');
    const target = new URL(page.headers.get('location') ?? '', 'http://x');
    expect(target.pathname).toBe('/anmelden-nicht-moeglich');
    expect(target.searchParams.has('zurueck')).toBe(false);
  });

  it('with the sign-in service down, a browser lands on the page that says so; a script reads 503', async () => {
    startAnswer = { status: 503, body: { message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.' } };
    const page = await signIn(BROWSER);
    expect(page.status).toBe(303);
    expect(new URL(page.headers.get('location') ?? '', 'http://x').searchParams.get('grund')).toBe('nicht-erreichbar');
    const call = await signIn(SCRIPT);
    expect(call.status).toBe(503);
    expect(((await call.json()) as { message: string }).message).toMatch(/nicht erreichbar/);
  });
});
