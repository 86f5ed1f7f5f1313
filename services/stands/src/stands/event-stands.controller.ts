import { Controller, Get, Param } from '@nestjs/common';
import type { TStand } from '@flohmarkt/contracts';
import { Caller, SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { draftListDecision, eventListStatuses } from './stand-access.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { StandQueries } from './stand-queries.js';

/** The stands of one event page. */
@Controller('events/:id')
export class EventStandsController {
  constructor(
    private readonly loader: StandLoader,
    private readonly queries: StandQueries,
    private readonly presenter: StandPresenter,
  ) {}

  /** Approved stands; the organiser and admins also get the pending ones (map: '{y} ausstehend'). */
  @Get('stands')
  async list(@Param('id') id: string, @Caller() caller: CallerContext | null): Promise<TStand[]> {
    const event = await this.loader.knownEvent(id);
    return this.presenter.many(await this.queries.ofEvent(event.id, eventListStatuses(caller, event)));
  }

  /** Pending stands of guests and registered users, for the organiser's review list. */
  @Get('draft-stands')
  async drafts(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<TStand[]> {
    const event = await this.loader.knownEvent(id);
    enforce(draftListDecision(caller, event));
    return this.presenter.many(await this.queries.ofEvent(event.id, ['pending']));
  }
}
