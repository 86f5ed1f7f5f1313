import { createHash } from 'node:crypto';
import { IDEMPOTENCY_TIMINGS, idempotencyScope, type JsonLogger } from '@flohmarkt/server-kit';
import type { TAuthUser } from '@flohmarkt/contracts';
import type { RouteSpec } from '../routing/routes.js';
import type { GatewayRedis } from './redis-deadline.js';

/**
 * How long the gateway trusts that the service still holds a key's answer: an hour less than the
 * service keeps it, which it counts from before the gateway saw the answer.
 */
const REMEMBERED_MS = IDEMPOTENCY_TIMINGS.ttlMs - 3600 * 1000;

/**
 * The keys of creating writes whose service answered (2xx, or a replay), per route and caller, in
 * Redis for every replica. A repeat under such a key can only be answered from the service's kept
 * answer (the same body: the first answer again; another body: 422), never applied anew, so it
 * spends no write-budget unit and no rate-limit slot: a user at the 10th market of the day who
 * retries it gets it back, not a 429.
 *
 * Trusted only where it is sound: on routes whose service keeps answers, and per route (each service
 * keeps its own keys), so a key answered elsewhere (a route that ignores keys, a refusal before the
 * service's store) never lets a new write pass uncounted. A repeat the gateway did not know of (two
 * at once, or the first answer lost) pays like any write and gets its unit back when the service
 * says it replayed (forward.ts).
 */
export class AnsweredKeys {
  constructor(
    private readonly redis: GatewayRedis,
    private readonly prefix: string,
    private readonly logger: JsonLogger,
  ) {}

  /** Whether the route's service keeps answers per key (`@Idempotent()`): the call is declared `idempotent`. */
  static covers(route: RouteSpec): boolean {
    return route.idempotent === true;
  }

  /** Whether this caller's key on this route was answered before. Throws (a 503) when Redis cannot say. */
  async answered(route: RouteSpec, user: TAuthUser | null, key: string): Promise<boolean> {
    if (!AnsweredKeys.covers(route)) return false;
    return (await this.redis.exists(this.redisKey(route, user, key))) === 1;
  }

  /** Notes the service's answer to this key; without Redis the repeat merely pays again. */
  async remember(route: RouteSpec, user: TAuthUser | null, key: string): Promise<void> {
    if (!AnsweredKeys.covers(route)) return;
    try {
      await this.redis.set(this.redisKey(route, user, key), '1', { PX: REMEMBERED_MS });
    } catch (err) {
      this.logger.write('warn', 'answered Idempotency-Key not remembered, Redis unavailable', { route: route.path, error: (err as Error).message });
    }
  }

  /** The service's scope (the user, or for guests the key alone), the route, and the key's hash (keys are up to 200 characters). */
  private redisKey(route: RouteSpec, user: TAuthUser | null, key: string): string {
    const scope = idempotencyScope(user ? { id: user.id, role: user.role } : null);
    const hash = createHash('sha256').update(key).digest('base64url');
    return `${this.prefix}answered:${scope}:${route.method} ${route.path}:${hash}`;
  }
}
