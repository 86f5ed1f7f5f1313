import { Body, Controller, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CHECK_IN_STAND, GET_MARKET_DAY, type TCheckIn, type TMarketDay } from '@flohmarkt/contracts';
import { DomainError, PublicRoute, SignedInCaller, fail, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { PRIVATE_LIST_CACHE } from '../privacy/stand-privacy.js';
import { StandLoader } from '../stands/stand-loader.js';
import { CheckIns } from './check-ins.js';
import { checkInDecision, checkInTimeProblem, marketDayDecision } from './market-day-access.js';
import { MarketDayList } from './market-day-list.js';

/**
 * The market day on a phone (issue 36): the team ticks stands "da" / "nicht da" and reads the day
 * list, the organiser's day view in the same answer. The check-in decides with the market as the
 * events service has it now (a member removed a moment ago ticks nothing more); the day list reads
 * the market from the read model, like every read.
 */
@Controller()
export class MarketDayController {
  constructor(
    private readonly loader: StandLoader,
    private readonly checkIns: CheckIns,
    private readonly list: MarketDayList,
    private readonly clock: PrivacyClock,
  ) {}

  /** 401 → 404 → 403 (who) → 409 (not approved) → 403 (outside the day) → 400 (body, time) → 200 with the winning tick. */
  @PublicRoute(CHECK_IN_STAND)
  async checkIn(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TCheckIn> {
    const { stand, event } = await this.loader.withEvent(id);
    const now = this.clock.now();
    const decision = checkInDecision(caller, stand, event, now);
    if (!decision.allowed) throw new DomainError(decision.code, decision.message);
    const tick = parseCallBody(CHECK_IN_STAND, body);
    const tickedAt = new Date(tick.at);
    const problem = checkInTimeProblem(tickedAt, decision.window, now);
    if (problem) throw fail.invalid(problem);
    // A phone's clock a little ahead is forgiven, not believed: the tick counts as made now, so a tick
    // dated minutes ahead cannot outrank the next real one (the later tick wins) until that time passes.
    const at = tickedAt > now ? now : tickedAt;
    return this.checkIns.tick({ standId: stand.id, eventId: stand.eventId, state: tick.state, at, byUserId: caller.id });
  }

  /** The day list and counters, never kept by a cache (the team's view, refreshed every few seconds). */
  @PublicRoute(GET_MARKET_DAY)
  async day(@Param('id') id: string, @SignedInCaller() caller: CallerContext, @Res({ passthrough: true }) res: Response): Promise<TMarketDay> {
    const event = await this.loader.knownEvent(id);
    const decision = marketDayDecision(caller, event);
    if (!decision.allowed) throw new DomainError(decision.code, decision.message);
    res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    return this.list.of(event, caller, decision.role);
  }
}

export const MARKET_DAY_CONTROLLERS = [MarketDayController];
export const MARKET_DAY_PROVIDERS = [CheckIns, MarketDayList];
