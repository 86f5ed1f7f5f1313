import { Body, Controller, Param } from '@nestjs/common';
import { CREATE_WALK_UP_STAND, type TStand } from '@flohmarkt/contracts';
import { Idempotent, PublicRoute, SignedInCaller, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { registrationDecision, standManagementDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { checkStandPlace } from './stand-address.js';
import { registrationFields } from './stand-rules.js';
import { EventsClient } from '../peers/events-client.js';

/**
 * A stand the organiser (or an admin) enters for someone on site, with or without their name:
 * approved at once, and counted against maxStands without being refused when the event is full
 * (the organiser on site decides; docs/product.md#capacity-and-waitlist). Registration switched
 * off or past its deadline does not stop the organiser; a cancelled or ended event does (403).
 */
@Controller()
export class WalkUpStandsController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
    private readonly events: EventsClient,
  ) {}

  @PublicRoute(CREATE_WALK_UP_STAND)
  @Idempotent()
  async create(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    const event = await this.loader.event(id);
    enforce(standManagementDecision(caller, event));
    enforce(registrationDecision(caller, event, new Date()));
    const input = parseCallBody(CREATE_WALK_UP_STAND, body);
    await checkStandPlace(this.events, event, input);
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
