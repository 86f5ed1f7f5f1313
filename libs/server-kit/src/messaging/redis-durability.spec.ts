import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisDurabilityProblems } from './redis-durability.js';

const connection = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
afterAll(() => connection.disconnect());

describe('redisDurabilityProblems', () => {
  it('names a Redis without append-only file or with eviction', async () => {
    const [, appendonly] = (await connection.config('GET', 'appendonly')) as string[];
    const [, policy] = (await connection.config('GET', 'maxmemory-policy')) as string[];
    const problems = await redisDurabilityProblems(connection);
    expect(problems.some((p) => p.startsWith('appendonly'))).toBe(appendonly !== 'yes');
    expect(problems.some((p) => p.startsWith('maxmemory-policy'))).toBe(policy !== 'noeviction');
  });

  it('says nothing when Redis cannot be asked', async () => {
    const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    expect(await redisDurabilityProblems(away)).toEqual([]);
    away.disconnect();
  });
});
