import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { JsonLogger } from '@flohmarkt/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGatewayEnv } from '../config.js';
import { forwardApi } from '../routing/forward.js';
import { createServiceClients } from '../services/services.js';
import type { GatewayRedis } from './redis-deadline.js';
import { testRedis } from '../testing/test-redis.js';
import { canonicalTargets } from './canonical-target.js';
import { PublicReadCache } from './public-read-cache.js';
import { requestContext } from './request-context.js';

/*
 * The route call's share per caller through the real forwarding: anonymous callers per address,
 * signed-in ones per user, in Redis; other reads are not counted. A stub plays every service: the
 * route of one event answers as the stands service does while its planner is full.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EVENT = randomUUID();
const BUSY_EVENT = randomUUID();
const BUSY_MESSAGE = 'Gerade werden sehr viele Runden geplant. Bitte versuche es in ein paar Sekunden erneut.';

const stub = http.createServer((req, res) => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const user = /^\/internal\/users\/([^/]+)$/.exec(req.url ?? '');
  if (user) return answer(200, { id: user[1], email: 'x@example.org', firstName: null, lastName: null, profileImageUrl: null, role: 'participant' });
  if (req.url?.startsWith(`/events/${BUSY_EVENT}/route`)) return answer(503, { message: BUSY_MESSAGE, code: 'UNAVAILABLE' }, { 'retry-after': '2' });
  return answer(200, { order: [] });
});
const redis: GatewayRedis = testRedis(REDIS_URL);
let server: http.Server;
let base: string;
let prefix: string;

const listen = async (s: http.Server) => {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
};

const get = (path: string, userId?: string) => fetch(`${base}/api${path}`, { headers: userId ? { 'x-test-user': userId } : {} });
const route = (eventId = EVENT) => `/events/${eventId}/route?stands=${randomUUID()}`;

beforeAll(async () => {
  const services = `http://127.0.0.1:${await listen(stub)}`;
  await redis.connect();
  prefix = `flohmarkt-test-${randomBytes(4).toString('hex')}:`;
  const config = ZGatewayEnv.parse({
    SESSION_SECRET: randomBytes(16).toString('hex'),
    GATEWAY_TOKEN: randomBytes(16).toString('hex'),
    AUTH_SERVICE_URL: services,
    EVENTS_SERVICE_URL: services,
    STANDS_SERVICE_URL: services,
    MEDIA_SERVICE_URL: services,
    REDIS_PREFIX: prefix,
    ROUTE_LIMIT_ANONYMOUS: '3',
    ROUTE_LIMIT_SIGNED_IN: '5',
    LOG_LEVEL: 'error',
  });
  const logger = new JsonLogger('gateway', 'error');
  const app = express();
  app.use(requestContext(logger));
  app.use(canonicalTargets());
  app.use((req, _res, next) => {
    const userId = req.header('x-test-user');
    if (userId) req.session = { userId, destroy: (done: () => void) => done() } as unknown as typeof req.session;
    next();
  });
  const publicReads = new PublicReadCache(redis, { key: `${prefix}public-read-generation` });
  app.use('/api', forwardApi({ config, services: createServiceClients(config), redis, logger, publicReads }));
  server = http.createServer(app);
  base = `http://127.0.0.1:${await listen(server)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await Promise.all([server, stub].map((s) => new Promise((resolve) => s.close(resolve))));
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(keys);
  await redis.close();
});

describe('the route call limit', () => {
  it('gives an address ROUTE_LIMIT_ANONYMOUS plans per window, then 429 in German with Retry-After; other reads are not counted', async () => {
    for (let i = 0; i < 3; i++) expect((await get(route())).status).toBe(200);
    const refused = await get(route());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: API_ERRORS.tooManyRequests });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await get(`/events/${EVENT}/stands`)).status).toBe(200);
  });

  it('counts a signed-in caller per user, at ROUTE_LIMIT_SIGNED_IN, whatever the address used', async () => {
    const user = randomUUID();
    for (let i = 0; i < 5; i++) expect((await get(route(), user)).status).toBe(200);
    expect((await get(route(), user)).status).toBe(429);
    expect((await get(route(), randomUUID())).status).toBe(200);
  });

  it("passes the stands service's 503 of a full planner on with its Retry-After", async () => {
    const busy = await get(route(BUSY_EVENT), randomUUID());
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(await busy.json()).toEqual({ message: BUSY_MESSAGE });
  });
});
