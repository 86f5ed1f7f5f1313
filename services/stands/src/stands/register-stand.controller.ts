import { Body, Controller } from '@nestjs/common';
import { API_ERRORS, REGISTER_STAND, ZStandCreate, type TStand } from '@flohmarkt/contracts';
import { Idempotent, PublicRoute, SignedInCaller, fail, parseCallBody, parseInput, type CallerContext } from '@flohmarkt/server-kit';
import { EventsClient } from '../peers/events-client.js';
import { registrationDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { StandQueries } from './stand-queries.js';
import { checkStandPlace } from './stand-address.js';
import { registrationFields } from './stand-rules.js';

/**
 * A signed-in user registers their stand at an event. The exhibitor is the caller (an exhibitorId
 * in the body is ignored); the stand waits for the organiser's approval. A rejected or withdrawn
 * stand of the user at the event does not count: they may apply again.
 */
@Controller()
export class RegisterStandController {
  constructor(
    private readonly events: EventsClient,
    private readonly queries: StandQueries,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
  ) {}

  @PublicRoute(REGISTER_STAND)
  @Idempotent()
  async register(@Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    // The event comes from the body: without a usable eventId there is no event to look for (400).
    const { eventId } = parseInput(ZStandCreate.pick({ eventId: true }), body);
    const event = await this.events.find(eventId);
    if (!event) throw fail.notFound(API_ERRORS.eventNotFound);
    enforce(registrationDecision(caller, event, new Date()));
    const input = parseCallBody(REGISTER_STAND, body);
    await checkStandPlace(this.events, event, input);
    if (await this.queries.hasStandAt(event.id, caller.id)) throw fail.conflict(API_ERRORS.standAlreadyRegistered);
    const stand = await this.commands.registerStand(
      {
        eventId: event.id,
        exhibitorId: caller.id,
        ...registrationFields(input),
        locationPrecision: input.locationPrecision,
        nameDisplay: input.nameDisplay,
        guestFirstName: null,
        guestLastName: null,
      },
      event.maxStands ?? null,
    );
    return this.presenter.one(stand, { caller });
  }
}
