import type { Request, Response } from 'express';
import { API_ERRORS, GET_EVENT_ROUTE } from '@flohmarkt/contracts';
import type { TGatewayEnv } from '../config.js';
import type { RouteSpec } from '../routing/routes.js';
import type { GatewayRedis } from './redis-deadline.js';
import { clientKey } from './client-address.js';
import { allowRequest, type RateRule } from './rate-limit.js';

/**
 * "Meine Runde" (GET /api/events/{id}/route): every distinct call plans a route on a worker of the
 * stands service, so each caller gets a share: per client address while anonymous
 * (ROUTE_LIMIT_ANONYMOUS), per user when signed in (ROUTE_LIMIT_SIGNED_IN), in a window of
 * ROUTE_LIMIT_WINDOW_S, counted in Redis for every replica. Over the limit: 429 with Retry-After.
 */
const ROUTE_CALL: Pick<RouteSpec, 'method' | 'path'> = GET_EVENT_ROUTE;

export class RouteCallLimit {
  private readonly anonymous: RateRule;
  private readonly signedIn: RateRule;

  constructor(
    private readonly redis: GatewayRedis,
    private readonly config: Pick<TGatewayEnv, 'REDIS_PREFIX' | 'ROUTE_LIMIT_ANONYMOUS' | 'ROUTE_LIMIT_SIGNED_IN' | 'ROUTE_LIMIT_WINDOW_S'>,
  ) {
    const window = { windowSeconds: config.ROUTE_LIMIT_WINDOW_S, message: API_ERRORS.tooManyRequests };
    this.anonymous = { name: 'route', max: config.ROUTE_LIMIT_ANONYMOUS, ...window };
    this.signedIn = { name: 'route-user', max: config.ROUTE_LIMIT_SIGNED_IN, ...window };
  }

  /** True when the call may go on (any other call always may); otherwise the 429 has been answered. */
  async allow(req: Request, res: Response, route: RouteSpec, user: { id: string } | null): Promise<boolean> {
    if (route.method !== ROUTE_CALL.method || route.path !== ROUTE_CALL.path) return true;
    return user
      ? allowRequest(this.redis, this.config.REDIS_PREFIX, this.signedIn, `user:${user.id}`, res)
      : allowRequest(this.redis, this.config.REDIS_PREFIX, this.anonymous, clientKey(req), res);
  }
}
