import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DECIDE_HOLD, GET_HOLD, LIST_MY_HOLDS, LIST_STAND_HOLDS, REQUEST_HOLD, type THold, type THoldCreated } from '@flohmarkt/contracts';
import { Caller, ManageToken, Idempotent, PublicRoute, SignedInCaller, parseCallQuery, type CallerContext } from '@flohmarkt/server-kit';
import { PRIVATE_LIST_CACHE } from '../privacy/stand-privacy.js';
import { HoldMails } from './hold-mails.js';
import { Holds } from './holds.js';
import { SoldHolds } from './sold-holds.js';

/** The header the gateway forwards a guest's manage token in, as Node lower-cases it. */
/**
 * Free holds (issue 35): the visitor asks signed in; the seller decides signed in, as a guest with
 * the stand's manage token, or with the token of the mail's link (a PATCH, never the link's GET).
 * Every read is one person's: no cache outside the browser keeps it.
 */
@Controller()
export class HoldsController {
  constructor(private readonly holds: Holds) {}

  @PublicRoute(REQUEST_HOLD)
  @Idempotent()
  request(@Param('id') itemId: string, @SignedInCaller() caller: CallerContext): Promise<THoldCreated> {
    return this.holds.request(itemId, caller);
  }

  @PublicRoute(GET_HOLD)
  read(
    @Param('id') id: string,
    @Query() raw: unknown,
    @Caller() caller: CallerContext | null,
    @ManageToken() manageToken: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<THold> {
    res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    const { token } = parseCallQuery(GET_HOLD, raw);
    return this.holds.read(id, { caller, manageToken, mailToken: token });
  }

  @PublicRoute(DECIDE_HOLD)
  decide(
    @Param('id') id: string,
    @Body() body: unknown,
    @Caller() caller: CallerContext | null,
    @ManageToken() manageToken: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<THold> {
    res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    return this.holds.decide(id, { caller, manageToken }, body);
  }

  @PublicRoute(LIST_MY_HOLDS)
  mine(@SignedInCaller() caller: CallerContext, @Res({ passthrough: true }) res: Response): Promise<THold[]> {
    res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    return this.holds.mine(caller);
  }

  @PublicRoute(LIST_STAND_HOLDS)
  ofStand(
    @Param('id') id: string,
    @Caller() caller: CallerContext | null,
    @ManageToken() manageToken: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<THold[]> {
    res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    return this.holds.ofStand(id, { caller, manageToken });
  }
}

export const HOLDS_CONTROLLERS = [HoldsController];
/** SoldHolds is the items' edit's (a sale ends the item's hold); it needs MailOptOuts and the stand reads (testing STAND_READS) beside. */
export const HOLDS_PROVIDERS = [Holds, HoldMails, SoldHolds];
