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
export function allowRequest(redis: GatewayRedis, prefix: string, rule: RateRule, key: string, res: Response): Promise<boolean> {
  return allowRequestUnder(redis, prefix, [rule], key, res);
}

/**
 * Several limits on one request (a guest registration's per 10 minutes and per day): a slot is taken
 * of each, and when one refuses, those taken before it are given back, so a refused request spends
 * nothing of another window's allowance. The refusal carries its own rule's message and Retry-After.
 */
export async function allowRequestUnder(redis: GatewayRedis, prefix: string, rules: readonly RateRule[], key: string, res: Response): Promise<boolean> {
  for (const [at, rule] of rules.entries()) {
    const { allowed, retryAfterSeconds } = await takeRequest(redis, prefix, rule, key);
    if (allowed) continue;
    // The refusing window may count past its max (as a single limit always did): its own slot stays taken.
    await giveBackRequests(redis, prefix, rules.slice(0, at), key);
    res.setHeader('Retry-After', String(retryAfterSeconds));
    sendError(res, 'RATE_LIMITED', rule.message);
    return false;
  }
  return true;
}

/** The same count without answering: for a caller that refuses in its own way (the sign-in's page for browsers). */
export async function takeRequest(redis: GatewayRedis, prefix: string, rule: RateRule, key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const redisKey = slotKey(prefix, rule, key);
  const [count, , ttl] = (await redis.multi().incr(redisKey).expire(redisKey, rule.windowSeconds, 'NX').ttl(redisKey).exec()) as unknown as [
    number,
    number,
    number,
  ];
  return { allowed: count <= rule.max, retryAfterSeconds: Math.max(1, ttl) };
}

/**
 * Gives a slot back, if its window is still open: for a request that turned out to cost nothing (a
 * replayed answer). Never below zero; in a window opened since, it frees a slot there, which at
 * worst lets one more request through.
 */
const GIVE_BACK = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end return 0`;

export async function giveBackRequests(redis: GatewayRedis, prefix: string, rules: readonly RateRule[], key: string): Promise<void> {
  for (const rule of rules) await redis.eval(GIVE_BACK, { keys: [slotKey(prefix, rule, key)], arguments: [] });
}

const slotKey = (prefix: string, rule: RateRule, key: string) => `${prefix}rl:${rule.name}:${key}`;
