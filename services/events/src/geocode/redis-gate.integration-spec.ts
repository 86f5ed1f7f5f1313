import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { GeocoderError } from '@flohmarkt/gazetteer';
import { redisSlotGate } from './redis-gate.js';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
afterAll(async () => {
  await redis.quit();
});

describe('redisSlotGate (real Redis)', () => {
  it('lets two replicas start one request per second between them', async () => {
    const key = `flohmarkt-test-${randomBytes(4).toString('hex')}:geocoder:slot`;
    const replicaA = redisSlotGate(redis, key);
    const replicaB = redisSlotGate(redis, key);
    const deadline = Date.now() + 3000;
    const started: number[] = [];
    await Promise.all([replicaA(deadline).then(() => started.push(Date.now())), replicaB(deadline).then(() => started.push(Date.now()))]);
    expect(started).toHaveLength(2);
    expect(Math.abs(started[1]! - started[0]!)).toBeGreaterThanOrEqual(1000);
  });

  it('gives up when the next slot comes after the deadline', async () => {
    const key = `flohmarkt-test-${randomBytes(4).toString('hex')}:geocoder:slot`;
    const gate = redisSlotGate(redis, key);
    await gate(Date.now() + 3000);
    const error = await gate(Date.now() + 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderError);
    expect((error as GeocoderError).reason).toBe('busy');
  });
});
