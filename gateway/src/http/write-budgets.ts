import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { CREATE_EVENT, CREATE_WALK_UP_STAND, REGISTER_STAND, REQUEST_HOLD, callKey, type TAuthUser } from '@flohmarkt/contracts';
import type { JsonLogger } from '@flohmarkt/server-kit';
import type { TGatewayEnv } from '../config.js';
import type { RouteSpec } from '../routing/routes.js';
import { isReplayedAnswer } from './idempotency-key.js';
import { RedisDeadlineError, type GatewayRedis } from './redis-deadline.js';
import { sendError } from './send-error.js';

const WINDOW_MS = 24 * 3600 * 1000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TRY_LATER = 'Bitte versuche es später erneut.';

/** One budget: at most `max` units per user (and market, for walk-up stands) in any 24 hours. */
interface WriteBudget {
  name: 'markets' | 'stands' | 'walkUpStands' | 'holds' | 'writes';
  max: number;
  message: string;
}

/**
 * Takes a unit of the budget in one step: drops units older than the window, then adds one unless
 * `max` are left. The server's clock, so replicas with skewed clocks agree. Answers 0 when the
 * unit was taken, else the milliseconds until the oldest unit leaves the window.
 * KEYS[1]: the user's log (a sorted set, one member per unit, scored by its time in ms).
 * ARGV: max, window in ms, the new unit's member.
 */
const TAKE_UNIT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + window - now
`;

/**
 * Who a write is counted for: a signed-in user, or a guest by their stand's manage token (a guest's
 * item writes, issue 35), kept as a hash so the log's key never holds the secret.
 */
export type BudgetHolder = { user: TAuthUser } | { manageToken: string };

/**
 * Budgets for signed-in writes (api-contract "Safety limits"): per user and 24 hours, markets
 * created, stands registered, walk-up stands per market, holds asked for (each mails a seller), and
 * every other write. Admins have none. A guest writing with their manage token has the budget of
 * other writes, per token.
 *
 * What counts: a write that passes the check takes a unit, and gets it back when its answer is an
 * error (4xx or 5xx: refused by the gateway or the service, or the service unreachable or too
 * slow), so a typo or a 409 costs nothing, or when it is the service's kept answer replayed for a
 * repeated Idempotency-Key (nothing applied again; a repeat the gateway knows as one spends nothing
 * at all, answered-keys.ts). A service that times out may still apply the write: that
 * rare unit is returned all the same, the route limits bound how often. A caller who goes away
 * before the answer keeps the unit spent. Over a budget: 429 with the budget's sentence and
 * Retry-After, the seconds until its oldest unit leaves the window.
 *
 * The log lives in Redis, shared by every replica, and is changed by one script (atomic under
 * concurrency). Redis gets REDIS_DEADLINE_MS to answer (redis-deadline.ts); without an answer the
 * write is a 503, as the other limits on /api answer while Redis is away: a write never passes uncounted.
 */
export class WriteBudgets {
  private readonly prefix: string;
  private readonly budgets: Record<WriteBudget['name'], WriteBudget>;

  constructor(
    private readonly redis: GatewayRedis,
    config: TGatewayEnv,
    private readonly logger: JsonLogger,
  ) {
    this.prefix = `${config.REDIS_PREFIX}budget:`;
    this.budgets = {
      markets: { name: 'markets', max: config.WRITE_BUDGET_MARKETS, message: marketsMessage(config.WRITE_BUDGET_MARKETS) },
      stands: { name: 'stands', max: config.WRITE_BUDGET_STANDS, message: standsMessage(config.WRITE_BUDGET_STANDS) },
      walkUpStands: { name: 'walkUpStands', max: config.WRITE_BUDGET_WALK_UP_STANDS, message: walkUpStandsMessage(config.WRITE_BUDGET_WALK_UP_STANDS) },
      holds: { name: 'holds', max: config.WRITE_BUDGET_HOLDS, message: holdsMessage(config.WRITE_BUDGET_HOLDS) },
      writes: { name: 'writes', max: config.WRITE_BUDGET_OTHER_WRITES, message: writesMessage(config.WRITE_BUDGET_OTHER_WRITES) },
    };
  }

  /**
   * Spends a unit of the budget this signed-in call falls under. Answers true when the call may go
   * on; otherwise it has already answered 429. Throws (a 503 for the caller) when Redis cannot say.
   */
  async spend(req: Request, res: Response, route: RouteSpec, apiPath: string, holder: BudgetHolder): Promise<boolean> {
    if (!WRITE_METHODS.has(req.method) || ('user' in holder && holder.user.role === 'admin')) return true;
    const budget = 'user' in holder ? this.budgetOf(route) : this.budgets.writes;
    const who = 'user' in holder ? holder.user.id : `guest:${createHash('sha256').update(holder.manageToken).digest('base64url').slice(0, 22)}`;
    const key = `${this.prefix}${budget.name}:${who}${budget.name === 'walkUpStands' ? `:${marketIdOf(apiPath)}` : ''}`;
    // 72 random bits tell one user's units apart; short, as a full log of 2,000 holds one each.
    const unit = randomBytes(9).toString('base64url');
    let waitMs: number;
    try {
      waitMs = Number(await this.redis.eval(TAKE_UNIT, { keys: [key], arguments: [String(budget.max), String(WINDOW_MS), unit] }));
    } catch (err) {
      // A unit taken after the caller got the 503 goes back once Redis answers.
      if (err instanceof RedisDeadlineError) {
        err.late.then(async (late) => (Number(late) === 0 ? await this.giveBack(key, unit, budget) : undefined)).catch(() => undefined);
      }
      throw err;
    }
    if (waitMs > 0) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
      sendError(res, 'RATE_LIMITED', budget.message);
      return false;
    }
    res.once('finish', () => {
      if (res.statusCode >= 400 || isReplayedAnswer(res)) void this.giveBack(key, unit, budget);
    });
    return true;
  }

  private budgetOf(route: RouteSpec): WriteBudget {
    const call = callKey(route);
    if (call === callKey(CREATE_EVENT)) return this.budgets.markets;
    if (call === callKey(REGISTER_STAND)) return this.budgets.stands;
    if (call === callKey(CREATE_WALK_UP_STAND)) return this.budgets.walkUpStands;
    if (call === callKey(REQUEST_HOLD)) return this.budgets.holds;
    return this.budgets.writes;
  }

  private async giveBack(key: string, unit: string, budget: WriteBudget): Promise<void> {
    try {
      await this.redis.zRem(key, unit);
    } catch (err) {
      // The unit stays spent: at worst the caller waits for it a little longer.
      this.logger.write('warn', 'write budget unit not given back, Redis unavailable', { budget: budget.name, error: (err as Error).message });
    }
  }
}

/** The market of `/events/{id}/walk-up-stands` (a checked, canonical path). */
function marketIdOf(apiPath: string): string {
  return apiPath.split('/')[2];
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('de-DE')} ${n === 1 ? one : many}`;

const marketsMessage = (max: number) => `Du hast in den letzten 24 Stunden schon ${count(max, 'Flohmarkt', 'Flohmärkte')} angelegt. ${TRY_LATER}`;
const standsMessage = (max: number) => `Du hast in den letzten 24 Stunden schon ${count(max, 'Stand', 'Stände')} angemeldet. ${TRY_LATER}`;
const walkUpStandsMessage = (max: number) =>
  `Du hast für diesen Flohmarkt in den letzten 24 Stunden schon ${count(max, 'Stand', 'Stände')} vor Ort eingetragen. ${TRY_LATER}`;
const holdsMessage = (max: number) => `Du hast in den letzten 24 Stunden schon ${count(max, 'Reservierung', 'Reservierungen')} angefragt. ${TRY_LATER}`;
const writesMessage = (max: number) => `Du hast in den letzten 24 Stunden schon ${count(max, 'Änderung', 'Änderungen')} vorgenommen. ${TRY_LATER}`;
