import { createClient } from 'redis';
import { boundRedis, type GatewayRedis } from '../http/redis-deadline.js';

/** The Redis the gateway's tests use (the shared one unless TEST_REDIS_URL names another). */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A client as the gateway builds it (connectRedis): no offline queue, every command with a deadline. Not yet connected. */
export function testRedis(url: string = TEST_REDIS_URL, deadlineMs = 1000): GatewayRedis {
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', () => undefined);
  return boundRedis(client, deadlineMs);
}
