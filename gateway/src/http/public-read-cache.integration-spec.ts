import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, PublicReadCache } from './public-read-cache.js';
import { matchRoute } from '../routing/routes.js';
import { RedisDeadlineError, type GatewayRedis } from './redis-deadline.js';

/** The route a GET of this path takes, as the gateway matches it. */
function route(path: string) {
  const found = matchRoute('GET', path);
  if (!found) throw new Error(`no route for GET ${path}`);
  return found;
}

const redis = createClient({ url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', disableOfflineQueue: true });
beforeAll(async () => {
  await redis.connect();
});
afterAll(async () => {
  await redis.close();
});

const json = (text: string) => Buffer.from(JSON.stringify({ name: text }));
const headers = { 'content-type': 'application/json; charset=utf-8', etag: 'W/"1"' };
const freshKey = () => `flohmarkt-test-${randomBytes(4).toString('hex')}:public-read-generation`;

describe('PublicReadCache (real Redis)', () => {
  it('asks Redis once for the reads that ask together, and anew for a read that asks after the GET went out', async () => {
    const key = freshKey();
    let gets = 0;
    const counted = { get: (k: string) => (gets++, redis.get(k)), incr: (k: string) => redis.incr(k) };
    const cache = new PublicReadCache(counted as unknown as GatewayRedis, { key });
    const together = await Promise.all([cache.generation(), cache.generation(), cache.generation()]);
    expect(gets).toBe(1);
    expect(new Set(together)).toEqual(new Set(['0:0']));
    // Another replica's write whose answer has left: a read arriving after it sees its generation.
    const first = cache.generation();
    await new Promise((resolve) => setImmediate(resolve));
    await redis.incr(key);
    expect(await cache.generation()).toBe('1:0');
    expect(await first).toBe('0:0');
    expect(gets).toBe(3);
  });

  it('answers a read again from memory under the same generation', async () => {
    const cache = new PublicReadCache(redis, { key: freshKey() });
    const generation = (await cache.generation())!;
    cache.store('/events/1', generation, headers, json('Vorher'));
    expect(cache.lookup('/events/1', (await cache.generation())!)?.body.toString()).toBe('{"name":"Vorher"}');
    expect(cache.lookup('/events/2', generation)).toBeNull();
  });

  it('takes nothing another replica kept once a write went through this one', async () => {
    const key = freshKey();
    const replicaA = new PublicReadCache(redis, { key });
    const replicaB = new PublicReadCache(redis, { key });
    replicaB.store('/events/1', (await replicaB.generation())!, headers, json('Vorher'));
    await replicaA.invalidate();
    expect(replicaB.lookup('/events/1', (await replicaB.generation())!)).toBeNull();
  });

  it('never takes an answer fetched while a write was under way, after that write', async () => {
    const cache = new PublicReadCache(redis, { key: freshKey() });
    const readStarted = (await cache.generation())!;
    await cache.invalidate(); // the write's answer leaves after this
    cache.store('/events/1', readStarted, headers, json('Vielleicht alt'));
    expect(cache.lookup('/events/1', (await cache.generation())!)).toBeNull();
  });

  it('keeps an answer no longer than its lifetime', async () => {
    const cache = new PublicReadCache(redis, { key: freshKey(), ttlMs: 1000 });
    const generation = (await cache.generation())!;
    cache.store('/events/1', generation, headers, json('Vorher'), 10_000);
    expect(cache.lookup('/events/1', generation, 10_749)).not.toBeNull();
    expect(cache.lookup('/events/1', generation, 11_000)).toBeNull();
  });

  it('drops the longest unused answers beyond its size, and keeps no body above its limit', async () => {
    const cache = new PublicReadCache(redis, { key: freshKey(), maxBytes: 40, maxBodyBytes: 30 });
    const generation = (await cache.generation())!;
    cache.store('/events/1', generation, headers, json('a'.repeat(5)));
    cache.store('/events/2', generation, headers, json('b'.repeat(5)));
    cache.lookup('/events/1', generation);
    cache.store('/events/3', generation, headers, json('c'.repeat(5)));
    expect(cache.lookup('/events/2', generation)).toBeNull();
    expect(cache.lookup('/events/1', generation)).not.toBeNull();
    expect(cache.store('/events/4', generation, headers, json('d'.repeat(40))).body.length).toBeGreaterThan(30);
    expect(cache.lookup('/events/4', generation)).toBeNull();
  });

  it("keeps no answer whose body is not as long as its Content-Length says (a HEAD's, or a cut one)", async () => {
    const cache = new PublicReadCache(redis, { key: freshKey() });
    const generation = (await cache.generation())!;
    const whole = json('Ganz');
    cache.store('/events/1', generation, { ...headers, 'content-length': String(whole.length) }, Buffer.alloc(0));
    cache.store('/events/2', generation, { ...headers, 'content-length': String(whole.length) }, whole.subarray(0, 5));
    cache.store('/events/3', generation, { ...headers, 'content-length': String(whole.length) }, whole);
    expect(cache.lookup('/events/1', generation)).toBeNull();
    expect(cache.lookup('/events/2', generation)).toBeNull();
    expect(cache.lookup('/events/3', generation)?.body.toString()).toBe('{"name":"Ganz"}');
  });

  it('answers a HEAD from a kept GET but keeps nothing a HEAD fetched', () => {
    expect(PublicReadCache.applies(route('/events/1'), false, undefined)).toBe(true);
    expect(PublicReadCache.stores('GET')).toBe(true);
    expect(PublicReadCache.stores('HEAD')).toBe(false);
  });

  it('lets the same read wait for one already on its way under the same generation only', async () => {
    const cache = new PublicReadCache(redis, { key: freshKey() });
    const generation = (await cache.generation())!;
    const flight = cache.takeOff('/events/1', generation);
    const waiting = cache.flight('/events/1', generation, 5000);
    expect(cache.flight('/events/2', generation, 5000)).toBeNull();
    await cache.invalidate();
    expect(cache.flight('/events/1', (await cache.generation())!, 5000)).toBeNull();
    flight.land(cache.store('/events/1', generation, headers, json('Unterwegs')));
    expect((await waiting)?.body.toString()).toBe('{"name":"Unterwegs"}');
    expect(cache.flight('/events/1', generation, 5000)).toBeNull();
  });

  it('lets a waiter give up after its own deadline behind a stalled read, and at once when the read fails', async () => {
    const cache = new PublicReadCache(redis, { key: freshKey() });
    const generation = (await cache.generation())!;
    const stalled = cache.takeOff('/events/1', generation);
    // Its own deadline: the read it waits for never lands.
    await expect(cache.flight('/events/1', generation, 100)).rejects.toMatchObject({ name: 'FlightUnavailableError', code: 'SINGLE_FLIGHT_DEADLINE' });
    const waiting = cache.flight('/events/1', generation, 5000);
    stalled.fail(new Error('events unavailable: no answer within 4000 ms'));
    await expect(waiting).rejects.toMatchObject({ code: 'SINGLE_FLIGHT_FAILED' });
    expect(cache.flight('/events/1', generation, 5000)).toBeNull();
  });

  it('does not ask a Redis that just missed its deadline again for a while: reads go to the service meanwhile', async () => {
    let asked = 0;
    const stalled = {
      get: () => {
        asked++;
        return Promise.reject(new RedisDeadlineError('Redis gave no answer within 1000 ms', new Promise(() => undefined)));
      },
      incr: () => Promise.resolve(1),
    } as unknown as GatewayRedis;
    const cache = new PublicReadCache(stalled, { key: freshKey() });
    expect(await cache.generation(10_000)).toBeNull();
    expect(await cache.generation(Date.now() + 500)).toBeNull();
    expect(asked).toBe(1);
    expect(await cache.generation(Date.now() + 60_000)).toBeNull();
    expect(asked).toBe(2);
  });

  it('serves nothing from memory while Redis cannot be asked', async () => {
    const closed = createClient({ url: 'redis://127.0.0.1:1', disableOfflineQueue: true });
    const cache = new PublicReadCache(closed, { key: freshKey() });
    expect(await cache.generation()).toBeNull();
    await expect(cache.invalidate()).resolves.toBeUndefined();
  });
});

describe('PublicReadCache.applies', () => {
  it('takes anonymous event detail, event lists and the viewport of the map only', () => {
    expect(PublicReadCache.applies(route('/events/1'), false, undefined)).toBe(true);
    expect(PublicReadCache.applies(route('/events/viewport'), false, undefined)).toBe(true);
    expect(PublicReadCache.applies(route('/events/viewport'), true, undefined)).toBe(false);
    expect(PublicReadCache.applies(route('/events'), false, 'max-age=0')).toBe(true);
    expect(PublicReadCache.applies(route('/events/1'), true, undefined)).toBe(false);
    expect(PublicReadCache.applies(route('/events/1/stands'), false, undefined)).toBe(false);
    expect(PublicReadCache.applies(matchRoute('PUT', '/events/1') ?? {}, false, undefined)).toBe(false);
    expect(matchRoute('PUT', '/events/1')).not.toBeNull();
  });

  it('leaves a reload (Cache-Control: no-cache) to the service', () => {
    expect(PublicReadCache.applies(route('/events/1'), false, 'no-cache')).toBe(false);
    expect(PublicReadCache.applies(route('/events'), false, 'No-Store')).toBe(false);
  });
});

describe('matchesIfNoneMatch', () => {
  it('compares weakly, in a list, and takes *', () => {
    expect(matchesIfNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch('W/"abc"', undefined)).toBe(false);
  });
});
