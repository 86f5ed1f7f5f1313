import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ZStandBulkReview, type TStand } from '@flohmarkt/contracts';
import { SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { parseBody } from '../shared/input.js';
import { standManagementDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';

/**
 * The organiser's review of many registrations at once: `{ approve: [ids], reject: [ids], reason? }`,
 * one transaction, one mail per stand whose decision changed; answers the stands as they are now.
 * Checks: 404 (event) → 403 → 400 (body, ids not of this event) → 409 (one withdrawn meanwhile).
 */
@Controller('events/:id/stands/review')
export class BulkReviewController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
  ) {}

  @Patch()
  async review(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand[]> {
    // As the events service has it now: who organises is an access decision.
    const event = await this.loader.event(id);
    enforce(standManagementDecision(caller, event));
    const { approve, reject, reason } = parseBody(ZStandBulkReview, body);
    return this.presenter.many(await this.commands.review(event.id, approve, reject, reason), { caller });
  }
}
