import { Body, Controller, Inject, Param } from '@nestjs/common';
import { CREATE_GUEST_STAND, type TGuestStandCreated } from '@flohmarkt/contracts';
import { Caller, Idempotent, PublicRoute, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { manageUrl } from './guest-manage-token.js';
import { registrationDecision } from './stand-access.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { checkStandPlace } from './stand-address.js';
import { registrationFields } from './stand-rules.js';
import { EventsClient } from '../peers/events-client.js';

/**
 * A guest registers a stand without an account. It waits for the organiser like every new stand.
 * The answer carries the guest's private manage link, once: with it they read the stand's status
 * and withdraw it (guest-manage.controller.ts); nobody else but organiser and admins can change it.
 */
@Controller()
export class GuestStandsController {
  constructor(
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
    private readonly events: EventsClient,
  ) {}

  @PublicRoute(CREATE_GUEST_STAND)
  @Idempotent()
  async create(@Param('id') id: string, @Body() body: unknown, @Caller() caller: CallerContext | null): Promise<TGuestStandCreated> {
    const event = await this.loader.event(id);
    enforce(registrationDecision(caller, event, new Date()));
    const input = parseCallBody(CREATE_GUEST_STAND, body);
    // The position is optional; when one is given it obeys the same 15 km rule as every stand.
    await checkStandPlace(this.events, event, input);
    const { stand, manageToken } = await this.commands.registerGuestStand(
      {
        eventId: event.id,
        exhibitorId: null,
        ...registrationFields(input),
        locationPrecision: input.locationPrecision,
        nameDisplay: input.nameDisplay,
        guestFirstName: input.guestFirstName,
        guestLastName: input.guestLastName,
      },
      input.guestEmail,
      event.maxStands ?? null,
    );
    return { ...(await this.presenter.one(stand, { guestOwner: true })), manageUrl: manageUrl(this.config.PUBLIC_URL, manageToken) };
  }
}
