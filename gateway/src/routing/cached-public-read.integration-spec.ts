import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { createClient } from 'redis';
import type { ServiceAnswer, ServiceCall } from '@flohmarkt/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicReadCache } from '../http/public-read-cache.js';
import { cachedPublicRead } from './cached-public-read.js';

const EVENT = JSON.stringify({ id: 'e1', name: 'Hofflohmarkt' });

const redis = createClient({ url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', disableOfflineQueue: true });
beforeAll(async () => {
  await redis.connect();
});
afterAll(async () => {
  await redis.close();
});
const freshKey = () => `flohmarkt-test-${randomBytes(4).toString('hex')}:public-read-generation`;

/** The events service as a counter of the calls it got, answering `status` with `body`. */
function eventsService(status = 200, body = EVENT) {
  const calls: ServiceCall[] = [];
  return {
    calls,
    async call(call: ServiceCall): Promise<ServiceAnswer> {
      calls.push(call);
      const stream = Readable.from([Buffer.from(body)]) as unknown as ServiceAnswer['stream'];
      return { status, headers: { 'content-type': 'application/json; charset=utf-8', etag: 'W/"1"' }, stream };
    },
  };
}

describe('cachedPublicRead (real Redis)', () => {
  it('reads as nobody, keeps a 200 for the browser that asks next through /api, and reads again after a write', async () => {
    const cache = new PublicReadCache(redis, { key: freshKey() });
    const events = eventsService();
    const read = cachedPublicRead(cache, events, 250);
    expect(await read('/events/e1', 'r1')).toEqual({ status: 200, body: Buffer.from(EVENT) });
    expect(events.calls).toEqual([{ method: 'GET', path: '/events/e1', requestId: 'r1', caller: null, timeoutMs: 250 }]);
    // What forward.ts looks up for an anonymous GET /api/events/e1: the same answer, with the passed headers.
    const kept = cache.lookup('/events/e1', (await cache.generation()) as string);
    expect(kept?.body.toString()).toBe(EVENT);
    expect(kept?.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', etag: 'W/"1"' });
    expect((await read('/events/e1', 'r2')).body.toString()).toBe(EVENT);
    expect(events.calls).toHaveLength(1);
    await cache.invalidate();
    await read('/events/e1', 'r3');
    expect(events.calls).toHaveLength(2);
  });

  it('keeps no answer but a 200, and reads straight from the service while Redis cannot say the generation', async () => {
    const cache = new PublicReadCache(redis, { key: freshKey() });
    const missing = eventsService(404, JSON.stringify({ message: 'Flohmarkt nicht gefunden' }));
    expect((await cachedPublicRead(cache, missing, 250)('/events/e2', 'r1')).status).toBe(404);
    expect(cache.size).toBe(0);
    // A Redis that is not there: nothing is kept, every read goes to the service.
    const closed = createClient({ url: 'redis://127.0.0.1:1', disableOfflineQueue: true });
    const blind = new PublicReadCache(closed, { key: freshKey() });
    const events = eventsService();
    const read = cachedPublicRead(blind, events, 250);
    expect((await read('/events/e1', 'r2')).status).toBe(200);
    await read('/events/e1', 'r3');
    expect(events.calls).toHaveLength(2);
    expect(blind.size).toBe(0);
  });
});
