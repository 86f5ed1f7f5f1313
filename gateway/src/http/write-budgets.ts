import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  COPY_EVENT,
  CREATE_EVENT,
  CREATE_WALK_UP_STAND,
  REGISTER_STAND,
  REQUEST_HOLD,
  SERIES_MAX_DATES,
  callKey,
  seriesDates,
  type TAuthUser,
} from '@flohmarkt/contracts';
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
 * Takes the units of one write in one step, all or none: drops units older than the window, then
 * adds them unless fewer than that are left of `max`. The server's clock, so replicas with skewed
 * clocks agree. Answers { wait, left }: wait 0 when the units were taken, -1 when they are more
 * than `max` (never), else the milliseconds until enough units have left the window; left: the
 * units that were left before this write.
 * KEYS[1]: the user's log (a sorted set, one member per unit, scored by its time in ms).
 * ARGV: max, window in ms, then the new units' members (one or more).
 */
const TAKE_UNITS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local units = #ARGV - 2
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
if used + units <= max then
  for i = 3, #ARGV do redis.call('ZADD', KEYS[1], now, ARGV[i]) end
  redis.call('PEXPIRE', KEYS[1], window)
  return {0, max - used}
end
if units > max then return {-1, max - used} end
local freeing = redis.call('ZRANGE', KEYS[1], used + units - max - 1, used + units - max - 1, 'WITHSCORES')
return {tonumber(freeing[2]) + window - now, max - used}
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
 * Markets are counted as they are made: a create is one, a copy ("Kopieren") one, a create with
 * `series` as many as the series has dates (the same `seriesDates` of the contracts the events
 * service makes them by, from the body the gateway has read: `unitsOf`). A series may fill the day
 * up to SERIES_MAX_DATES markets (the contract's year of weekly dates, 52) where single markets stop
 * at the budget (10): a weekly market's organiser makes the year at once, and nobody makes more than
 * 52 markets a day (ten series of 52 were 520). A write takes its units all at once or none: a
 * series with more dates than are left is refused whole (429, saying how many are left and when
 * enough are free again), one with more dates than the day can hold at all is a 400.
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
   * Whether the units this call spends are read from its body (a create, which may be a series):
   * then it is counted once the body is read, every other write before (forward.ts).
   */
  static countsBody(route: RouteSpec): boolean {
    return callKey(route) === callKey(CREATE_EVENT);
  }

  /**
   * The units a write spends: the dates of a create with `series`, as the events service will make
   * them (a body it refuses is one unit, given back with its 400), else one.
   */
  static unitsOf(route: RouteSpec, body: Buffer | null): number {
    if (!WriteBudgets.countsBody(route) || !body || !CREATE_EVENT.body) return 1;
    try {
      const parsed = CREATE_EVENT.body.safeParse(JSON.parse(body.toString('utf8')));
      if (!parsed.success || !parsed.data.series) return 1;
      const worked = seriesDates(parsed.data.startDateTime, parsed.data.endDateTime, parsed.data.series);
      return 'error' in worked ? 1 : Math.max(1, worked.dates.length);
    } catch {
      return 1;
    }
  }

  /**
   * Spends `units` of the budget this signed-in call falls under. Answers true when the call may go
   * on; otherwise it has already answered 429 (or 400: more units than the budget holds). Throws (a
   * 503 for the caller) when Redis cannot say.
   */
  async spend(req: Request, res: Response, route: RouteSpec, apiPath: string, holder: BudgetHolder, units = 1): Promise<boolean> {
    if (!WRITE_METHODS.has(req.method) || ('user' in holder && holder.user.role === 'admin')) return true;
    const budget = 'user' in holder ? this.budgetOf(route) : this.budgets.writes;
    const max = units > 1 ? Math.max(budget.max, SERIES_MAX_DATES) : budget.max;
    const who = 'user' in holder ? holder.user.id : `guest:${createHash('sha256').update(holder.manageToken).digest('base64url').slice(0, 22)}`;
    const key = `${this.prefix}${budget.name}:${who}${budget.name === 'walkUpStands' ? `:${marketIdOf(apiPath)}` : ''}`;
    // 72 random bits tell one user's units apart; short, as a full log of 2,000 holds one each.
    const unit = randomBytes(9).toString('base64url');
    const members = units === 1 ? [unit] : Array.from({ length: units }, (_, i) => `${unit}.${i}`);
    let taken: { waitMs: number; left: number };
    try {
      taken = tookUnits(await this.redis.eval(TAKE_UNITS, { keys: [key], arguments: [String(max), String(WINDOW_MS), ...members] }));
    } catch (err) {
      // Units taken after the caller got the 503 go back once Redis answers.
      if (err instanceof RedisDeadlineError) {
        err.late.then(async (late) => (tookUnits(late).waitMs === 0 ? await this.giveBack(key, members, budget) : undefined)).catch(() => undefined);
      }
      throw err;
    }
    if (taken.waitMs !== 0) {
      const message = units === 1 ? budget.message : seriesMessage(units, taken.left, max);
      if (taken.waitMs < 0) return (sendError(res, 'VALIDATION', message), false);
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(taken.waitMs / 1000))));
      sendError(res, 'RATE_LIMITED', message);
      return false;
    }
    res.once('finish', () => {
      if (res.statusCode >= 400 || isReplayedAnswer(res)) void this.giveBack(key, members, budget);
    });
    return true;
  }

  private budgetOf(route: RouteSpec): WriteBudget {
    const call = callKey(route);
    if (call === callKey(CREATE_EVENT) || call === callKey(COPY_EVENT)) return this.budgets.markets;
    if (call === callKey(REGISTER_STAND)) return this.budgets.stands;
    if (call === callKey(CREATE_WALK_UP_STAND)) return this.budgets.walkUpStands;
    if (call === callKey(REQUEST_HOLD)) return this.budgets.holds;
    return this.budgets.writes;
  }

  private async giveBack(key: string, members: string[], budget: WriteBudget): Promise<void> {
    try {
      await this.redis.zRem(key, members);
    } catch (err) {
      // The unit stays spent: at worst the caller waits for it a little longer.
      this.logger.write('warn', 'write budget unit not given back, Redis unavailable', { budget: budget.name, error: (err as Error).message });
    }
  }
}

/** TAKE_UNITS's answer, { wait, left }. */
function tookUnits(answer: unknown): { waitMs: number; left: number } {
  const [waitMs, left] = Array.isArray(answer) ? answer.map(Number) : [NaN, NaN];
  return { waitMs: waitMs ?? NaN, left: left ?? NaN };
}

/** The market of `/events/{id}/walk-up-stands` (a checked, canonical path). */
function marketIdOf(apiPath: string): string {
  return apiPath.split('/')[2];
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('de-DE')} ${n === 1 ? one : many}`;

const marketsMessage = (max: number) => `Du hast in den letzten 24 Stunden schon ${count(max, 'Flohmarkt', 'Flohmärkte')} angelegt. ${TRY_LATER}`;
/** A series refused whole: its dates, and how many markets a series may still make now. */
const seriesMessage = (dates: number, left: number, max: number) =>
  `Die Reihe hätte ${count(dates, 'Termin', 'Termine')}, du kannst aber gerade ${left <= 0 ? 'keinen Flohmarkt mehr' : `nur noch ${count(left, 'Flohmarkt', 'Flohmärkte')}`} anlegen ` +
  `(mit einer Reihe höchstens ${count(max, 'Flohmarkt', 'Flohmärkte')} in 24 Stunden). ${dates > max ? 'Bitte wähle weniger Termine.' : 'Bitte wähle weniger Termine oder versuche es später erneut.'}`;
const standsMessage = (max: number) => `Du hast in den letzten 24 Stunden schon ${count(max, 'Stand', 'Stände')} angemeldet. ${TRY_LATER}`;
const walkUpStandsMessage = (max: number) =>
  `Du hast für diesen Flohmarkt in den letzten 24 Stunden schon ${count(max, 'Stand', 'Stände')} vor Ort eingetragen. ${TRY_LATER}`;
const holdsMessage = (max: number) => `Du hast in den letzten 24 Stunden schon ${count(max, 'Reservierung', 'Reservierungen')} angefragt. ${TRY_LATER}`;
const writesMessage = (max: number) => `Du hast in den letzten 24 Stunden schon ${count(max, 'Änderung', 'Änderungen')} vorgenommen. ${TRY_LATER}`;
