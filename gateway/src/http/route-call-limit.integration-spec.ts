import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_ERRORS } from '@flohmarkt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayRedis } from './redis-deadline.js';
import { forwardingServer, gatewayConfig } from '../testing/forwarding-server.js';
import { testRedis } from '../testing/test-redis.js';

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
  const config = gatewayConfig(services, { REDIS_PREFIX: prefix, ROUTE_LIMIT_ANONYMOUS: '3', ROUTE_LIMIT_SIGNED_IN: '5' });
  server = forwardingServer(config, redis);
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
