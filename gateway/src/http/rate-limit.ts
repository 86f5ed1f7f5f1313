import type { Response } from 'express';
import type { GatewayRedis } from './redis-deadline.js';
import { sendError } from './send-error.js';

export interface RateRule {
  name: string;
  max: number;
  windowSeconds: number;
  message: string;
}

/**
 * Fixed-window counter in Redis, shared by every gateway replica. Answers true when the request
 * may go on; otherwise it has already answered 429 with Retry-After.
 */
export async function allowRequest(redis: GatewayRedis, prefix: string, rule: RateRule, key: string, res: Response): Promise<boolean> {
  const { allowed, retryAfterSeconds } = await takeRequest(redis, prefix, rule, key);
  if (allowed) return true;
  res.setHeader('Retry-After', String(retryAfterSeconds));
  sendError(res, 'RATE_LIMITED', rule.message);
  return false;
}

/** The same count without answering: for a caller that refuses in its own way (the sign-in's page for browsers). */
export async function takeRequest(redis: GatewayRedis, prefix: string, rule: RateRule, key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const redisKey = `${prefix}rl:${rule.name}:${key}`;
  const [count, , ttl] = (await redis.multi().incr(redisKey).expire(redisKey, rule.windowSeconds, 'NX').ttl(redisKey).exec()) as unknown as [
    number,
    number,
    number,
  ];
  return { allowed: count <= rule.max, retryAfterSeconds: Math.max(1, ttl) };
}
