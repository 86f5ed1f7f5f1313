import { Controller, HttpCode, Param } from '@nestjs/common';
import { API_ERRORS, GET_GUEST_STAND, WITHDRAW_GUEST_STAND, type TGuestStandView } from '@flohmarkt/contracts';
import { PublicRoute, fail } from '@flohmarkt/server-kit';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { manageTokenHash } from './guest-manage-token.js';
import { StandCommands } from './stand-commands.js';
import { StandPresenter } from './stand-presenter.js';
import { StandQueries } from './stand-queries.js';

/**
 * A guest's own registration, through the token of their manage link (`/anmeldung/<token>`).
 * Anyone holding the link may read and withdraw; nothing else needs it. An unknown or malformed
 * token, a deleted stand and a withdrawn one all answer the same 404: the link says nothing more.
 */
@Controller()
export class GuestManageController {
  constructor(
    private readonly queries: StandQueries,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
    private readonly knownEvents: EventFactsReadModel,
  ) {}

  /** Status (with the organiser's reason when rejected), the submitted fields, the e-mail given, the event. */
  @PublicRoute(GET_GUEST_STAND)
  async read(@Param('token') token: string): Promise<TGuestStandView> {
    const hash = manageTokenHash(token);
    const stand = hash ? await this.queries.guestStandByToken(hash) : null;
    if (!stand) throw fail.notFound(API_ERRORS.guestStandNotFound);
    // From the read model: the page answers while the events service is down.
    const [read, event] = await Promise.all([this.presenter.one(stand, { guestOwner: true }), this.knownEvents.find(stand.eventId)]);
    return {
      ...read,
      guestEmail: stand.guestEmail,
      eventName: event?.name || null,
      event: event && {
        id: event.id,
        name: event.name || null,
        location: event.location || null,
        startDateTime: event.startDateTime,
        endDateTime: event.endDateTime,
        status: event.status,
      },
    };
  }

  /** Withdraws the stand: it leaves every list, and the link is spent (a second DELETE is a 404). 204, no body. */
  @PublicRoute(WITHDRAW_GUEST_STAND)
  @HttpCode(204)
  async withdraw(@Param('token') token: string): Promise<void> {
    const hash = manageTokenHash(token);
    const withdrawn = hash ? await this.commands.withdrawGuestStand(hash) : null;
    if (!withdrawn) throw fail.notFound(API_ERRORS.guestStandNotFound);
  }
}
