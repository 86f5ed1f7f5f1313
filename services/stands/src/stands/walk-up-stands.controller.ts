import { Body, Controller, Param, Post } from '@nestjs/common';
import { ZWalkUpStandCreate, type TStand } from '@flohmarkt/contracts';
import { Idempotent, SignedInCaller, fail, type CallerContext } from '@flohmarkt/server-kit';
import { parseBody } from '../shared/input.js';
import { registrationDecision, standManagementDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { distanceError, registrationFields } from './stand-rules.js';

/**
 * A stand the organiser (or an admin) enters for someone on site, with or without their name:
 * approved at once, and counted against maxStands without being refused when the event is full
 * (the organiser on site decides; docs/product.md#capacity-and-waitlist). Registration switched
 * off or past its deadline does not stop the organiser; a cancelled or ended event does (403).
 */
@Controller('events/:id/walk-up-stands')
export class WalkUpStandsController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
  ) {}

  @Post()
  @Idempotent()
  async create(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    const event = await this.loader.event(id);
    enforce(standManagementDecision(caller, event));
    enforce(registrationDecision(caller, event, new Date()));
    const input = parseBody(ZWalkUpStandCreate, body);
    const tooFar = distanceError(event, input);
    if (tooFar) throw fail.invalid(tooFar, 'STAND_TOO_FAR');
    const stand = await this.commands.registerWalkUpStand({
      eventId: event.id,
      exhibitorId: null,
      ...registrationFields(input),
      guestFirstName: input.guestFirstName,
      guestLastName: input.guestLastName,
    });
    return this.presenter.one(stand, { caller });
  }
}
