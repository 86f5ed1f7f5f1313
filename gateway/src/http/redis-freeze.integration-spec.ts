import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { JsonLogger } from '@flohmarkt/server-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TGatewayEnv } from '../config.js';
import { forwardApi } from '../routing/forward.js';
import { createServiceClients } from '../services/services.js';
import { connectRedis, sessionCookieName, sessionMiddleware, sessionOr503 } from '../session/session.js';
import { SESSION_HINT_COOKIE, sessionHintSync } from '../session/session-hint.js';
import { gatewayConfig } from '../testing/forwarding-server.js';
import { startOwnRedis, type OwnRedis } from '../testing/own-redis.js';
import { canonicalTargets } from './canonical-target.js';
import { PublicReadCache } from './public-read-cache.js';
import type { GatewayRedis } from './redis-deadline.js';
import { requestContext } from './request-context.js';
import { requestDeadline } from './request-deadline.js';
import { sessionUnavailable } from '../sign-in/sign-in-refused.js';

/**
 * The gateway's /api as main.ts builds it (real sessions in Redis, limits, budgets, the public-read
 * cache), in front of one stub for every service, with a Redis server of its own that the test
 * freezes (SIGSTOP) and thaws (SIGCONT): issue 31's "Redis frozen for 20 s".
 */
const USER = randomUUID();
const EVENT = { id: 'e1', name: 'Hofflohmarkt' };
const writes: string[] = [];

const services = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    const path = req.url ?? '';
    if (path === `/internal/users/${USER}`)
      return answer(200, { id: USER, email: 'x@example.org', firstName: null, lastName: null, profileImageUrl: null, role: 'organizer' });
    if (req.method !== 'GET') {
      writes.push(`${req.method} ${path}`);
      return answer(201, { id: randomUUID() });
    }
    if (path === '/me/events') return answer(200, [EVENT]);
    if (path.startsWith('/events')) return answer(200, path === '/events' ? [EVENT] : EVENT);
    return answer(404, { message: 'Nicht gefunden.', code: 'NOT_FOUND' });
  });
});

let redisServer: OwnRedis;
let redis: GatewayRedis;
let config: TGatewayEnv;
let gateway: http.Server;
let base: string;
/** The JSON log lines the gateway wrote. */
const logLines: Record<string, unknown>[] = [];

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A signed-in session put in Redis as express-session keeps it, and the browser's signed cookie for it. */
async function signIn(): Promise<string> {
  const sid = randomBytes(16).toString('hex');
  const session = { cookie: { originalMaxAge: 3_600_000, httpOnly: true, path: '/', sameSite: 'lax', secure: false }, userId: USER, signedInAt: Date.now() };
  await redis.set(`${config.REDIS_PREFIX}sess:${sid}`, JSON.stringify(session), { expiration: { type: 'EX', value: 3600 } });
  const signature = createHmac('sha256', config.SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `${sessionCookieName(config.PUBLIC_URL)}=${encodeURIComponent(`s:${sid}.${signature}`)}; ${SESSION_HINT_COOKIE}=1`;
}

beforeAll(async () => {
  redisServer = await startOwnRedis();
  const servicesUrl = await listen(services);
  config = gatewayConfig(servicesUrl, { REDIS_URL: redisServer.url, LOG_LEVEL: 'info' });
  redis = await connectRedis(config);
  const logger = new JsonLogger('gateway', 'info');
  vi.spyOn(logger, 'write').mockImplementation((level, msg, fields) => void logLines.push({ level, msg, ...fields }));
  const app = express();
  app.use(requestContext(logger));
  app.use(requestDeadline({ boundMs: config.SERVICE_TIMEOUT_MS + 1000 }));
  app.use(canonicalTargets());
  app.use('/api', sessionOr503(sessionMiddleware(config, redis), sessionCookieName(config.PUBLIC_URL), sessionUnavailable(config.PUBLIC_URL)));
  app.use('/api', sessionHintSync(config));
  const publicReads = new PublicReadCache(redis, { key: `${config.REDIS_PREFIX}public-read-generation` });
  app.use('/api', forwardApi({ config, services: createServiceClients(config), redis, logger, publicReads }));
  gateway = http.createServer(app);
  base = await listen(gateway);
});

afterAll(async () => {
  redisServer?.thaw();
  gateway?.closeAllConnections();
  services.closeAllConnections();
  await Promise.all([gateway, services].map((server) => new Promise((resolve) => server?.close(resolve))));
  await redis?.close().catch(() => undefined);
  await redisServer?.stop();
});

const get = (path: string, cookie?: string) => fetch(`${base}/api${path}`, { headers: cookie ? { cookie } : {} });
const createMarket = (cookie: string) =>
  fetch(`${base}/api/events`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Hofflohmarkt' }) });

describe('a frozen Redis (SIGSTOP on a server of the test’s own)', () => {
  it('answers signed-in calls 503 with Retry-After while it stays frozen, keeps answering public reads, and recovers by itself', async () => {
    const cookie = await signIn();
    expect((await get('/me/events', cookie)).status).toBe(200);

    redisServer.freeze();
    try {
      // Each answer arrives while Redis is still frozen: nothing waits for the stall to end.
      const signedIn = await get('/me/events', cookie);
      expect(signedIn.status).toBe(503);
      expect(signedIn.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await signedIn.json()).toEqual({ message: API_ERRORS.serviceUnavailable });

      const write = await createMarket(cookie);
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(writes).toEqual([]);

      // A visitor without a session reads from the services.
      const anonymous = await get('/events');
      expect(anonymous.status).toBe(200);
      expect(await anonymous.json()).toEqual([EVENT]);

      // With a session that cannot be read, a public read is answered as signed out, and kept by no cache.
      const unread = await get('/events/e1', cookie);
      expect(unread.status).toBe(200);
      expect(await unread.json()).toEqual(EVENT);
      expect(unread.headers.get('cache-control')).toBe('private, no-store');
      expect(unread.headers.get('vary')).toMatch(/Cookie/);
      // The browser is not told it signed out (the web app's hint cookie stays).
      expect(unread.headers.get('set-cookie')).toBeNull();

      // Signing in again is a page load: the browser is sent to the page that says why, not shown JSON.
      const login = await fetch(`${base}/api/login?returnTo=%2Fmy-stands`, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' });
      expect(login.status).toBe(303);
      expect(login.headers.get('location')).toBe('/anmelden-nicht-moeglich?grund=nicht-erreichbar&zurueck=%2Fmy-stands');
    } finally {
      redisServer.thaw();
    }

    // Every 503 was logged with why: Redis's deadline, not just the German sentence.
    const unavailable = logLines.filter((line) => line.msg === 'request' && line.status === 503);
    expect(unavailable).toHaveLength(2);
    for (const line of unavailable) {
      expect(line.level).toBe('warn');
      expect(line.cause).toMatchObject({ code: 'REDIS_DEADLINE', peer: 'redis' });
    }

    // Thawed: the same session works again, without a restart.
    expect((await get('/me/events', cookie)).status).toBe(200);
    const created = await createMarket(cookie);
    expect(created.status).toBe(201);
    expect(writes).toEqual(['POST /events']);
  });
});
