import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
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
 * In one step: 'answered' when the key's answer is known; else 'claimed' when no other request holds
 * it in flight (this one now does, for ARGV[2] ms at most); else 'in-flight'.
 * KEYS: the answered key, the in-flight key. ARGV: this request's token, the claim's life in ms.
 */
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'answered' end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return 'claimed' end
return 'in-flight'
`;

/** Lets go of a claim only if it is still this request's (one that expired may be another's now). KEYS: the in-flight key. ARGV: the token. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * What the gateway knows of a write's Idempotency-Key before it counts the write: 'answered' (a
 * repeat: it costs nothing), 'claimed' (this request is the only one in flight under the key: it
 * pays like any write and must `release` the claim when done), 'pending' (another request under the
 * key was still in flight after the service's own wait: the caller gets the 409 and nothing is
 * spent), or 'uncovered' (the route keeps no answers: a write like any other).
 */
export type KeyAdmission = { kind: 'answered' } | { kind: 'claimed'; release: () => Promise<void> } | { kind: 'pending' } | { kind: 'uncovered' };

/**
 * The keys of creating writes whose service answered (2xx, or a replay), per route and caller, in
 * Redis for every replica. A repeat under such a key can only be answered from the service's kept
 * answer (the same body: the first answer again; another body: 422), never applied anew, so it
 * spends no write-budget unit and no rate-limit slot: a user at the 10th market of the day who
 * retries it gets it back, not a 429.
 *
 * Trusted only where it is sound: on routes whose service keeps answers, and per path (each service
 * keeps its own keys, and answers a key sent to another path — another stand's photos, another
 * market's registration — with 422, not with a replay), so a key answered elsewhere (another path, a
 * route that ignores keys, a refusal before the service's store) never lets a new write pass uncounted.
 *
 * Two or more at once under one key (a double click, a client's parallel retries): the first claims
 * the key in flight (`admit`), and the others wait for its answer, as the service's own store waits
 * (IDEMPOTENCY_TIMINGS.waitMs): answered meanwhile, they are repeats and spend nothing; let go
 * without an answer to replay (refused, failed), the next one claims it and pays like any write;
 * still in flight, they get the 409 "noch in Bearbeitung" the contract documents, and spend nothing
 * either. A repeat the gateway did not know of (the first answer lost, Redis failing to note it)
 * pays like any write and gets its unit back when the service says it replayed (forward.ts).
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

  /**
   * What this caller's key on this route is (KeyAdmission); waits up to `waitMs` for another request
   * in flight under it. `claimMs`: how long a claim may outlive a gateway that died holding it.
   * Throws (a 503) when Redis cannot say.
   */
  async admit(route: RouteSpec, path: string, user: TAuthUser | null, key: string, claimMs: number, timings = IDEMPOTENCY_TIMINGS): Promise<KeyAdmission> {
    if (!AnsweredKeys.covers(route)) return { kind: 'uncovered' };
    const answered = this.redisKey(route, path, user, key);
    const inFlight = `${answered}:in-flight`;
    const token = randomBytes(9).toString('base64url');
    const deadline = Date.now() + timings.waitMs;
    for (;;) {
      const state = String(await this.redis.eval(CLAIM, { keys: [answered, inFlight], arguments: [token, String(claimMs)] }));
      if (state === 'answered') return { kind: 'answered' };
      if (state === 'claimed') return { kind: 'claimed', release: () => this.release(inFlight, token) };
      if (Date.now() >= deadline) return { kind: 'pending' };
      await sleep(timings.pollMs);
    }
  }

  /** Notes the service's answer to this key; without Redis the repeat merely pays again. */
  async remember(route: RouteSpec, path: string, user: TAuthUser | null, key: string): Promise<void> {
    if (!AnsweredKeys.covers(route)) return;
    try {
      await this.redis.set(this.redisKey(route, path, user, key), '1', { PX: REMEMBERED_MS });
    } catch (err) {
      this.logger.write('warn', 'answered Idempotency-Key not remembered, Redis unavailable', { route: route.path, error: (err as Error).message });
    }
  }

  /** Lets go of a claim; without Redis it lapses after its life. */
  private async release(inFlight: string, token: string): Promise<void> {
    try {
      await this.redis.eval(RELEASE, { keys: [inFlight], arguments: [token] });
    } catch (err) {
      this.logger.write('warn', 'Idempotency-Key in flight not released, Redis unavailable', { error: (err as Error).message });
    }
  }

  /** The service's scope (the user, or for guests the key alone), the method and path, and a hash of path and key (keys are up to 200 characters). */
  private redisKey(route: RouteSpec, path: string, user: TAuthUser | null, key: string): string {
    const scope = idempotencyScope(user ? { id: user.id, role: user.role } : null);
    const hash = createHash('sha256').update(`${path}\n${key}`).digest('base64url');
    return `${this.prefix}answered:${scope}:${route.method} ${route.path}:${hash}`;
  }
}
