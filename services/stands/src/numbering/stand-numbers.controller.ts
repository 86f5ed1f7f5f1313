import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { API_ERRORS, ZStandNumbering, toLatLng, type TStand } from '@flohmarkt/contracts';
import { SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { parseBody } from '../shared/input.js';
import { managesEvent, type Decision, type EventFacts, type Viewer } from '../stands/stand-access.js';
import { StandLoader, enforce } from '../stands/stand-loader.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandNumbering } from './stand-numbering.js';

/** Numbering is the organiser's (or an admin's) alone. */
export function standNumbersDecision(caller: Viewer, event: EventFacts): Decision {
  return managesEvent(caller, event) ? { allowed: true } : { allowed: false, code: 'FORBIDDEN', message: API_ERRORS.forbidden };
}

/** Stand numbers in one click (issue 18, item 4): the organiser's button on the event page. */
@Controller('events/:id/stand-numbers')
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
  @Post()
  @HttpCode(200)
  async number(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand[]> {
    const event = await this.loader.event(id);
    enforce(standNumbersDecision(caller, event));
    const input = parseBody(ZStandNumbering, body);
    const start = input.start ?? toLatLng(event.latitude, event.longitude);
    // The organiser reads the exact positions, as on their own lists.
    return this.presenter.many(await this.numbering.number(event.id, input.order, start), { caller });
  }
}
