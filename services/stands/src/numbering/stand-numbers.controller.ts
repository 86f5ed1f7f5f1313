import { Body, Controller, HttpCode, Param } from '@nestjs/common';
import { NUMBER_STANDS, toLatLng, type TStand } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { eventManagementDecision } from '../stands/stand-access.js';
import { StandLoader, enforce } from '../stands/stand-loader.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandNumbering } from './stand-numbering.js';

/** Stand numbers in one click (issue 18, item 4): the organiser's button on the event page. */
@Controller()
export class StandNumbersController {
  constructor(
    private readonly loader: StandLoader,
    private readonly numbering: StandNumbering,
    private readonly presenter: StandPresenter,
  ) {}

  /**
   * 200 with the stands that got a number, in number order (empty when every approved stand has
   * one). Checks in the house order: 401 (sign-in), 404 (event), 403 (organiser or admin), 400 (body).
   * The event comes from the events service as it is now: who organises it is an access decision.
   */
  @PublicRoute(NUMBER_STANDS)
  @HttpCode(200)
  async number(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand[]> {
    const event = await this.loader.event(id);
    // Numbering is the organiser's (or an admin's) alone.
    enforce(eventManagementDecision(caller, event));
    const input = parseCallBody(NUMBER_STANDS, body);
    const start = input.start ?? toLatLng(event.latitude, event.longitude);
    // The organiser reads the exact positions, as on their own lists.
    return this.presenter.many(await this.numbering.number(event.id, input.order, start), { caller });
  }
}
