import { Body, Controller, HttpCode, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DELETE_STAND, GET_STAND, UPDATE_STAND, type TStand } from '@flohmarkt/contracts';
import { Caller, PublicRoute, SignedInCaller, fail, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { PRIVATE_LIST_CACHE } from '../privacy/stand-privacy.js';
import { toDecimal } from '../shared/input.js';
import { changeStandDecision, removalOf } from './stand-access.js';
import { StandCommands, type StandChanges } from './stand-commands.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { checkStandPlace } from './stand-address.js';
import { addressColumns, photoListError } from './stand-rules.js';
import { addressOf } from './stand-view.js';
import { EventsClient } from '../peers/events-client.js';

/** One stand: read, edit, delete. */
@Controller()
export class StandController {
  constructor(
    private readonly loader: StandLoader,
    private readonly commands: StandCommands,
    private readonly presenter: StandPresenter,
    private readonly events: EventsClient,
  ) {}

  /**
   * Only a signed-out read of an approved stand is the public's view, which the web app's worker keeps
   * for the offline stand page (docs/adr/0012-offline-event-page.md); any other may hold more (the
   * owner's, organiser's or admin's exact data) and is kept by no cache.
   */
  @PublicRoute(GET_STAND)
  async read(@Param('id') id: string, @Caller() caller: CallerContext | null, @Res({ passthrough: true }) res: Response): Promise<TStand> {
    const stand = await this.loader.visible(id, caller);
    if (caller !== null || stand.status !== 'approved') res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    return this.presenter.one(stand, { caller });
  }

  /** The edit form. Status stays as it is: registered users may edit their stands at any time. */
  @PublicRoute(UPDATE_STAND)
  async update(@Param('id') id: string, @Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TStand> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(changeStandDecision(caller, stand, event));
    const input = parseCallBody(UPDATE_STAND, body);
    const photoError = input.photos ? photoListError(stand.photos, input.photos) : null;
    if (photoError) throw fail.invalid(photoError);
    await checkStandPlace(this.events, event, input, addressOf(stand));
    const changes: StandChanges = {
      description: input.description,
      categories: input.categories,
      latitude: toDecimal(input.latitude),
      longitude: toDecimal(input.longitude),
    };
    // Optional fields left out keep their stored values.
    if (input.standNumber !== undefined) changes.standNumber = input.standNumber;
    if (input.foodCategories !== undefined) changes.foodCategories = input.foodCategories;
    if (input.activityCategories !== undefined) changes.activityCategories = input.activityCategories;
    if (input.acceptsPayPal !== undefined) changes.acceptsPayPal = input.acceptsPayPal;
    if (input.photos !== undefined) changes.photos = input.photos;
    if (input.locationPrecision !== undefined) changes.locationPrecision = input.locationPrecision;
    if (input.nameDisplay !== undefined) changes.nameDisplay = input.nameDisplay;
    if (input.holdMinutes !== undefined) changes.holdMinutes = input.holdMinutes;
    // Left out: kept; null: removed.
    if (input.address !== undefined) Object.assign(changes, addressColumns(input.address));
    return this.presenter.one(await this.commands.update(stand.id, changes), { caller });
  }

  /**
   * The owner's DELETE withdraws their own stand (it stays in their My stands as 'Zurückgezogen';
   * again is harmless). The organiser's or an admin's DELETE of someone else's stand deletes it
   * with its reviews; the media service removes its photos (StandDeleted). 204, no body.
   */
  @PublicRoute(DELETE_STAND)
  @HttpCode(204)
  async remove(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<void> {
    const { stand, event } = await this.loader.withEvent(id);
    enforce(changeStandDecision(caller, stand, event));
    if (removalOf(caller, stand) === 'withdraw') await this.commands.withdraw(stand.id);
    else await this.commands.remove([stand.id]);
  }
}
