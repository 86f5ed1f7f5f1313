import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { JOB_RETRY, QUEUES } from '@flohmarkt/contracts';
import { JsonLogger } from '../logger.js';
import { startConsumer } from './consumer.js';
import { bullConnection, bullPrefix } from './redis.js';

const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = bullPrefix(`consumer-it-${randomBytes(4).toString('hex')}:`);
const queue = new Queue(QUEUES.auth, { connection, prefix });

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await connection.quit();
});

describe('the consumer', () => {
  it('hands a handler the parsed payload, and fails a message whose id is no UUID at once, without running it', async () => {
    const appointed: string[] = [];
    const ignore = async () => undefined;
    const worker = startConsumer(
      'auth',
      { OrganizerAppointed: async ({ userId }) => void appointed.push(userId), EventDeleted: ignore, StandDeleted: ignore, ExhibitorStatsChanged: ignore },
      { connection, prefix, logger: new JsonLogger('consumer-spec', 'error') },
    );
    try {
      const userId = randomUUID();
      await queue.add('OrganizerAppointed', { userId }, { jobId: 'good', attempts: JOB_RETRY.attempts });
      await queue.add('OrganizerAppointed', { userId: 'user-1' }, { jobId: 'bad', attempts: JOB_RETRY.attempts });
      await expect.poll(() => queue.getJobState('bad')).toBe('failed');
      await expect.poll(() => appointed).toEqual([userId]);
      const bad = await queue.getJob('bad');
      expect(bad?.attemptsMade).toBe(1);
      expect(bad?.failedReason).toMatch(/bad payload of OrganizerAppointed: userId/);
    } finally {
      await worker.close();
    }
  });
});
