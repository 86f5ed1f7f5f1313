import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ZStandReject, type TStand } from '@flohmarkt/contracts';
import { Idempotent, SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { parseBody } from '../shared/input.js';
import { moderateStandDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';

/** The organiser's (or an admin's) decision on a registration, guest or registered alike. */
@Controller('stands/:id')
export class ModerationController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
  ) {}

  /** Either kind of stand becomes approved (also a rejected one: the organiser may change their mind). Idempotent. */
  @Patch('approve-draft')
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
  @Patch('reject')
  @Idempotent()
  async reject(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(moderateStandDecision(caller, stand, event));
    const { reason } = parseBody(ZStandReject, body);
    return this.presenter.one(await this.commands.reject(stand.id, reason), { caller });
  }
}
