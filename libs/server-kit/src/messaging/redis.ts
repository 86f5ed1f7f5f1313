import { Redis } from 'ioredis';

/**
 * A Redis connection for BullMQ. maxRetriesPerRequest null is what BullMQ workers need: while
 * Redis is away, commands wait for the reconnect instead of failing the job.
 */
export function bullConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/** BullMQ key prefix below the deployment's Redis prefix (tests use one prefix per run). */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}bull`;
}
