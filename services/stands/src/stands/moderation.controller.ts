import { Body, Controller, Param } from '@nestjs/common';
import { APPROVE_STAND, REJECT_STAND, type TStand } from '@flohmarkt/contracts';
import { Idempotent, PublicRoute, SignedInCaller, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { moderateStandDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';

/** The organiser's (or an admin's) decision on a registration, guest or registered alike. */
@Controller()
export class ModerationController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
  ) {}

  /** Either kind of stand becomes approved (also a rejected one: the organiser may change their mind). Idempotent. */
  @PublicRoute(APPROVE_STAND)
  @Idempotent()
  async approve(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(moderateStandDecision(caller, stand, event));
    return this.presenter.one(stand.status === 'approved' ? stand : await this.commands.approve(stand.id), { caller });
  }

  /**
   * The stand becomes 'rejected', with an optional reason (`{ reason }`, at most 500 characters),
   * and stays visible to its owner, or to the guest through the manage link (200 with the stand).
   * Rejecting again replaces the reason.
   */
  @PublicRoute(REJECT_STAND)
  @Idempotent()
  async reject(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(moderateStandDecision(caller, stand, event));
    const { reason } = parseCallBody(REJECT_STAND, body);
    return this.presenter.one(await this.commands.reject(stand.id, reason), { caller });
  }
}
