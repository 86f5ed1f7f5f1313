import { Controller, Param, Patch, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { TStand } from '@flohmarkt/contracts';
import { SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { moderateStandDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';

/** The organiser's (or an admin's) decision on a registration. */
@Controller('stands/:id')
export class ModerationController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
  ) {}

  /** Either kind of stand becomes approved (also a rejected one: the organiser may change their mind). Idempotent. */
  @Patch('approve-draft')
  async approve(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(moderateStandDecision(caller, stand, event));
    return this.presenter.one(stand.status === 'approved' ? stand : await this.commands.setStatus(stand.id, 'approved'));
  }

  /**
   * A registered user's stand becomes 'rejected' and stays visible to its owner (200 with the
   * stand). A guest stand has nobody to tell, so rejecting it deletes it, exactly like
   * DELETE /api/stands/{id} (204, no body).
   */
  @Patch('reject')
  async reject(
    @Param('id') id: string,
    @SignedInCaller() caller: CallerContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TStand | undefined> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(moderateStandDecision(caller, stand, event));
    if (stand.exhibitorId === null) {
      await this.commands.remove([stand.id]);
      res.status(204);
      return undefined;
    }
    return this.presenter.one(stand.status === 'rejected' ? stand : await this.commands.setStatus(stand.id, 'rejected'));
  }
}
