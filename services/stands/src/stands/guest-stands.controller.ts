import { Body, Controller, Param, Post } from '@nestjs/common';
import { ZGuestStandCreate, type TStand } from '@flohmarkt/contracts';
import { Caller, fail, type CallerContext } from '@flohmarkt/server-kit';
import { parseBody } from '../shared/input.js';
import { registrationDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { distanceError, registrationFields } from './stand-rules.js';

/**
 * A guest registers a stand without an account. It waits for the organiser like every new stand;
 * nobody but organiser and admins can change it afterwards (there is no owner to sign in).
 */
@Controller('events/:id/guest-stands')
export class GuestStandsController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
  ) {}

  @Post()
  async create(@Param('id') id: string, @Body() body: unknown, @Caller() caller: CallerContext | null): Promise<TStand> {
    const event = await this.loader.event(id);
    enforce(registrationDecision(caller, event));
    const input = parseBody(ZGuestStandCreate, body);
    // The position is optional; when one is given it obeys the same 15 km rule as every stand.
    const tooFar = distanceError(event, input);
    if (tooFar) throw fail.invalid(tooFar);
    const stand = await this.commands.create({
      eventId: event.id,
      exhibitorId: null,
      ...registrationFields(input),
      guestFirstName: input.guestFirstName,
      guestLastName: input.guestLastName,
    });
    return this.presenter.one(stand);
  }
}
