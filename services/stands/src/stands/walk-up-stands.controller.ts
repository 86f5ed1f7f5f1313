import { Body, Controller, Param } from '@nestjs/common';
import { CREATE_WALK_UP_STAND, checkInWindow, type TStand } from '@flohmarkt/contracts';
import { Idempotent, PublicRoute, SignedInCaller, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { StandCommands } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { checkStandPlace } from './stand-address.js';
import { registrationFields } from './stand-rules.js';
import { EventsClient } from '../peers/events-client.js';
import { walkUpDecision } from '../market-day/market-day-access.js';
import { PrivacyClock } from '../privacy/privacy-clock.js';

/**
 * A stand the organiser, an admin or the market's team (helpers included, issue 36) enters for
 * someone on site, with or without their name: approved and marked a walk-up at once, and counted
 * against maxStands without being refused when the event is full (the people on site decide;
 * docs/product.md#capacity-and-waitlist). Registration switched off or past its deadline does not
 * stop them; a cancelled or ended event does (403, market-day/market-day-access.ts walkUpDecision).
 * Entered in the check-in window (the market day), the stand is checked in "Da" at once, ticked by
 * whoever entered it: its seller is standing there. A later tick wins as usual (market-day/check-ins.ts).
 */
@Controller()
export class WalkUpStandsController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
    private readonly events: EventsClient,
    private readonly clock: PrivacyClock,
  ) {}

  @PublicRoute(CREATE_WALK_UP_STAND)
  @Idempotent()
  async create(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    const event = await this.loader.event(id);
    const now = this.clock.now();
    enforce(walkUpDecision(caller, event, now));
    const input = parseCallBody(CREATE_WALK_UP_STAND, body);
    await checkStandPlace(this.events, event, input);
    const { from, until } = checkInWindow(event);
    const onTheDay = now >= from && now < until;
    const stand = await this.commands.registerWalkUpStand(
      {
        eventId: event.id,
        exhibitorId: null,
        ...registrationFields(input),
        guestFirstName: input.guestFirstName,
        guestLastName: input.guestLastName,
      },
      onTheDay ? { at: now, byUserId: caller.id } : undefined,
    );
    return this.presenter.one(stand, { caller });
  }
}
