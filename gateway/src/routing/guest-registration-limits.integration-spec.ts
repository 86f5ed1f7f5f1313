import { randomUUID } from 'node:crypto';
import { API_ERRORS } from '@flohmarkt/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forwardApi } from './forward.js';
import { startForwardingGateway, type ForwardingGateway } from '../testing/forwarding-gateway.js';

/*
 * The guest registration's limits per address (per 10 minutes and per day) through the real
 * forwarding, with a stands service that is down for one market: what the product failed costs the
 * guest nothing.
 */

const DOWN = randomUUID();
const UP = randomUUID();
let gateway: ForwardingGateway;
beforeAll(async () => {
  gateway = await startForwardingGateway(
    (app, deps) => app.use('/api', forwardApi(deps)),
    (call) =>
      call.path.startsWith(`/events/${DOWN}/`)
        ? { status: 503, headers: { 'retry-after': '2' }, body: { message: API_ERRORS.serviceUnavailable, code: 'UNAVAILABLE' } }
        : { status: 201, body: { id: randomUUID() } },
  );
});
afterAll(async () => {
  await gateway?.close();
});
// Each test starts with the address's whole allowance.
beforeEach(async () => {
  for (const key of await gateway.redis.keys(`${gateway.config.REDIS_PREFIX}rl:*`)) await gateway.redis.del(key);
});

const register = (eventId: string) =>
  fetch(`${gateway.base}/api/events/${eventId}/guest-stands`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ guestFirstName: 'Gerda' }),
  });

describe('the guest registration limit during an outage', () => {
  it('counts no attempt the service failed: after more failed tries than the limit, the guest still registers', async () => {
    const limit = gateway.config.GUEST_REGISTRATION_LIMIT;
    for (let attempt = 0; attempt < limit + 2; attempt += 1) expect((await register(DOWN)).status).toBe(503);
    // The slots are given back once each answer has left.
    await expect.poll(async () => (await register(UP)).status).toBe(201);
  });

  it('also counts a day: once the allowance of the day is spent, a new 10-minute window brings no registration back', async () => {
    const { GUEST_REGISTRATION_LIMIT: perWindow, GUEST_REGISTRATION_DAILY_LIMIT: perDay } = gateway.config;
    let registered = 0;
    // Each round is a fresh 10-minute window (its counter gone, as when the window ends).
    for (let round = 0; registered < perDay && round < perDay; round += 1) {
      for (const key of await gateway.redis.keys(`${gateway.config.REDIS_PREFIX}rl:guest:*`)) await gateway.redis.del(key);
      for (let attempt = 0; attempt < perWindow && registered < perDay; attempt += 1) {
        expect((await register(UP)).status).toBe(201);
        registered += 1;
      }
    }
    for (const key of await gateway.redis.keys(`${gateway.config.REDIS_PREFIX}rl:guest:*`)) await gateway.redis.del(key);
    const refused = await register(UP);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: API_ERRORS.tooManyRegistrations });
    // Until the day's window ends, not the 10 minutes'.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(gateway.config.GUEST_REGISTRATION_WINDOW_S);
  });

  it('spends nothing of the day on a request the 10 minutes refuse', async () => {
    const limit = gateway.config.GUEST_REGISTRATION_LIMIT;
    for (let attempt = 0; attempt < limit; attempt += 1) expect((await register(UP)).status).toBe(201);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await register(UP)).status).toBe(429);
    const [dayKey] = await gateway.redis.keys(`${gateway.config.REDIS_PREFIX}rl:guest-day:*`);
    expect(Number(await gateway.redis.get(dayKey!))).toBe(limit);
  });

  it('still counts what the service took', async () => {
    const limit = gateway.config.GUEST_REGISTRATION_LIMIT;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < limit + 1; attempt += 1) statuses.push((await register(UP)).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});
