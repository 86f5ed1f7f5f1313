import { Body, Controller, Param } from '@nestjs/common';
import { REVIEW_STANDS, type TStand } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { standManagementDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';

/**
 * The organiser's review of many registrations at once: `{ approve: [ids], reject: [ids], reason? }`,
 * one transaction, one mail per stand whose decision changed; answers the stands as they are now.
 * Checks: 404 (event) → 403 → 400 (body, ids not of this event) → 409 (one withdrawn meanwhile).
 */
@Controller()
export class BulkReviewController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
  ) {}

  @PublicRoute(REVIEW_STANDS)
  async review(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand[]> {
    // As the events service has it now: who organises is an access decision.
    const event = await this.loader.event(id);
    enforce(standManagementDecision(caller, event));
    const { approve, reject, reason } = parseCallBody(REVIEW_STANDS, body);
    return this.presenter.many(await this.commands.review(event.id, approve, reject, reason), { caller });
  }
}
