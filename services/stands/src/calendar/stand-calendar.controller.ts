import { Controller, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { API_ERRORS, GET_GUEST_STAND_CALENDAR, GET_STAND_CALENDAR, type TStand } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, fail, type CallerContext } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { fileStem } from '../print/pdf-document.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { manageTokenHash, manageUrl } from '../stands/guest-manage-token.js';
import { changeStandDecision } from '../stands/stand-access.js';
import { StandLoader, enforce } from '../stands/stand-loader.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandQueries } from '../stands/stand-queries.js';
import { standCalendar } from './stand-calendar.js';

/**
 * "In meinen Kalender": a stand holder's registration as a calendar file (stand-calendar.ts). It holds
 * the whole address, so it goes only to whoever may edit the stand (the one rule of stand-access.ts),
 * or to the holder of a guest's manage link, and no cache keeps it. From the read models: it answers
 * while the events service is down.
 */
@Controller()
export class StandCalendarController {
  constructor(
    private readonly loader: StandLoader,
    private readonly queries: StandQueries,
    private readonly presenter: StandPresenter,
    private readonly knownEvents: EventFactsReadModel,
    @Inject(STANDS_CONFIG) private readonly config: Pick<TStandsEnv, 'PUBLIC_URL'>,
  ) {}

  @PublicRoute(GET_STAND_CALENDAR)
  async standFile(@Param('id') id: string, @SignedInCaller() caller: CallerContext, @Res() res: Response): Promise<void> {
    const stand = await this.loader.visible(id, caller);
    const event = await this.knownEvents.find(stand.eventId);
    enforce(changeStandDecision(caller, stand, event));
    if (!event) throw fail.notFound(API_ERRORS.standNotFound);
    const read = await this.presenter.one(stand, { caller });
    this.send(res, read, event, `${this.origin}/stands/${stand.id}`);
  }

  @PublicRoute(GET_GUEST_STAND_CALENDAR)
  async guestFile(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const hash = manageTokenHash(token);
    const stand = hash ? await this.queries.guestStandByToken(hash) : null;
    const event = stand ? await this.knownEvents.find(stand.eventId) : null;
    if (!stand || !event) throw fail.notFound(API_ERRORS.guestStandNotFound);
    const read = await this.presenter.one(stand, { guestOwner: true });
    this.send(res, read, event, manageUrl(this.config.PUBLIC_URL, token));
  }

  private get origin(): string {
    return this.config.PUBLIC_URL.replace(/\/+$/, '');
  }

  private send(res: Response, stand: TStand, event: Parameters<typeof standCalendar>[0]['event'], url: string): void {
    const body = standCalendar({ stand, event, url, host: new URL(this.origin).hostname, now: new Date() });
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileStem('mein-stand', event.name)}.ics"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(body);
  }
}
