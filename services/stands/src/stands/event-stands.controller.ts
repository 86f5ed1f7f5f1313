import { Controller, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { LIST_DRAFT_STANDS, LIST_EVENT_STANDS, type TDraftListStand, type TStand, type TStandStatus } from '@flohmarkt/contracts';
import { Caller, PublicRoute, SignedInCaller, parseCallQuery, type CallerContext } from '@flohmarkt/server-kit';
import { PRIVATE_LIST_CACHE, listReadsPrivately } from '../privacy/stand-privacy.js';
import { eventListStatuses, eventManagementDecision, managesEvent } from './stand-access.js';
import { duplicatesOf } from './stand-duplicates.js';
import { StandLoader, enforce } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { StandQueries } from './stand-queries.js';

/** The stands a duplicate can be of: every registration still in the running. */
const COMPARED_STATUSES: TStandStatus[] = ['pending', 'approved', 'waitlisted'];

/** The stands of one event page. */
@Controller()
export class EventStandsController {
  constructor(
    private readonly loader: StandLoader,
    private readonly queries: StandQueries,
    private readonly presenter: StandPresenter,
  ) {}

  /**
   * Approved stands; the organiser and admins also get the pending ones (map: '{y} ausstehend').
   * An answer with more than the public's view says so (`private, no-store`): the web app's offline
   * copy keeps only the public's.
   */
  @PublicRoute(LIST_EVENT_STANDS)
  async list(@Param('id') id: string, @Caller() caller: CallerContext | null, @Res({ passthrough: true }) res: Response): Promise<TStand[]> {
    const event = await this.loader.knownEvent(id);
    const stands = await this.queries.ofEvent(event.id, eventListStatuses(caller, event));
    if (listReadsPrivately(caller, event, stands)) res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    // The organiser and admins see how to reach each stand's holder; everyone else never.
    return managesEvent(caller, event) ? this.presenter.forManager(stands, { caller }) : this.presenter.many(stands, { caller });
  }

  /**
   * The organiser's review list: pending stands of guests and registered users, or those of the
   * statuses asked for (`?status=pending,waitlisted`), in registration order. Each carries
   * `duplicateOf`: the event's other stands in the running with the same person's name or within 20 m.
   */
  @PublicRoute(LIST_DRAFT_STANDS)
  async drafts(@Param('id') id: string, @Query() query: unknown, @SignedInCaller() caller: CallerContext): Promise<TDraftListStand[]> {
    const event = await this.loader.knownEvent(id);
    enforce(eventManagementDecision(caller, event));
    const { status } = parseCallQuery(LIST_DRAFT_STANDS, query);
    const listed = await this.queries.ofEvent(event.id, status);
    const compared = await this.queries.ofEvent(event.id, COMPARED_STATUSES);
    const listedIds = new Set(listed.map((s) => s.id));
    const read = await this.presenter.forManager([...listed, ...compared.filter((s) => !listedIds.has(s.id))], { caller });
    const duplicates = duplicatesOf(
      read.map((s) => ({
        id: s.id,
        name: personName(s),
        latitude: s.latitude === null ? null : Number(s.latitude),
        longitude: s.longitude === null ? null : Number(s.longitude),
      })),
    );
    return read.filter((s) => listedIds.has(s.id)).map((s) => ({ ...s, duplicateOf: duplicates.get(s.id) ?? [] }));
  }
}

/** The name a stand is registered under: the exhibitor's, or the guest's as entered. */
function personName(s: TStand): string | null {
  const [first, last] = s.exhibitor ? [s.exhibitor.firstName, s.exhibitor.lastName] : [s.guestFirstName, s.guestLastName];
  const name = [first, last].filter(Boolean).join(' ');
  return name || null;
}
