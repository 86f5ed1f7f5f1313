import { Body, Controller, Param } from '@nestjs/common';
import { SET_STAND_LIVE_STATE, type TStand } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { StandLoader, enforce } from '../stands/stand-loader.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { liveStateDecision } from './live-access.js';
import { LiveStates } from './live-states.js';

/**
 * PATCH /api/stands/{id}/live: "Geöffnet", "Bald zu", "Geschlossen", "Heute nicht da" on the event day.
 * The event comes from the read model, not a call to the events service: on the market day the stand
 * keeps answering in a courtyard with the events service down, and organiser and dates rarely move then.
 */
@Controller()
export class LiveController {
  constructor(
    private readonly loader: StandLoader,
    private readonly events: EventFactsReadModel,
    private readonly live: LiveStates,
    private readonly presenter: StandPresenter,
    private readonly clock: PrivacyClock,
  ) {}

  /** 401 → 404 → 403 (who; not approved; outside the event day; cancelled) → 400 (state) → 200 with the stand. */
  @PublicRoute(SET_STAND_LIVE_STATE)
  async set(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    const stand = await this.loader.visible(id, caller);
    const event = await this.events.find(stand.eventId);
    const now = this.clock.now();
    enforce(liveStateDecision(caller, stand, event, now));
    const { state } = parseCallBody(SET_STAND_LIVE_STATE, body);
    await this.live.set(stand.id, state, now);
    return this.presenter.one(stand, { caller });
  }
}
