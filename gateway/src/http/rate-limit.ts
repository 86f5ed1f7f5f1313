import type { Response } from 'express';
import type { GatewayRedis } from '../session/session.js';
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
  const redisKey = `${prefix}rl:${rule.name}:${key}`;
  const [count, , ttl] = (await redis.multi().incr(redisKey).expire(redisKey, rule.windowSeconds, 'NX').ttl(redisKey).exec()) as unknown as [
    number,
    number,
    number,
  ];
  if (count <= rule.max) return true;
  res.setHeader('Retry-After', String(Math.max(1, ttl)));
  sendError(res, 'RATE_LIMITED', rule.message);
  return false;
}
