import { Inject, Injectable } from '@nestjs/common';
import type { TStand } from '@flohmarkt/contracts';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import type { KnownEvent } from '../read-models/event-facts.js';
import { eventListStatuses } from '../stands/stand-access.js';
import { StandLoader } from '../stands/stand-loader.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandQueries } from '../stands/stand-queries.js';
import { byStandNumber, printedNumber } from './stand-order.js';

/** A stand as the printed kit and the public exports show it: public fields only, no names. */
export interface SheetStand {
  id: string;
  number: string | null;
  /** Goods, food and activities, in that order. */
  categories: string[];
  description: string | null;
  latitude: number | null;
  longitude: number | null;
  acceptsPayPal: boolean;
}

export interface SheetEvent {
  id: string;
  name: string;
  location: string;
  start: Date;
  end: Date;
  cancelled: boolean;
  cancelReason: string | null;
  /** Until when sellers may register, when registering is open at all (the poster tells it). */
  registrationDeadline: Date | null;
  latitude: number | null;
  longitude: number | null;
}

/** What the poster, the stand list, the stand map and the GeoJSON export are made from. */
export interface PrintSheet {
  event: SheetEvent;
  /** By stand number ("2" < "10"), then the stands without one. */
  stands: SheetStand[];
  /** The event page, which the poster's QR code opens. */
  eventUrl: string;
  /** The same without the scheme, short enough to type from a poster. */
  shortUrl: string;
  printedAt: Date;
}

export interface PublicLinks {
  event(eventId: string): string;
  stand(standId: string): string;
}

const coordinate = (value: string | null): number | null => (value === null ? null : Number(value));

export function sheetEvent(event: KnownEvent): SheetEvent {
  return {
    id: event.id,
    name: event.name,
    location: event.location,
    start: new Date(event.startDateTime),
    end: new Date(event.endDateTime),
    cancelled: event.status === 'cancelled',
    cancelReason: event.cancelReason,
    registrationDeadline: event.allowStandRegistration && event.registrationDeadline ? new Date(event.registrationDeadline) : null,
    latitude: coordinate(event.latitude),
    longitude: coordinate(event.longitude),
  };
}

/** Built from the public read of a stand (TStand as anyone gets it), so whatever that hides stays hidden here. */
export function sheetStand(stand: TStand): SheetStand {
  return {
    id: stand.id,
    number: printedNumber(stand),
    categories: [...stand.categories, ...stand.foodCategories, ...stand.activityCategories],
    description: stand.description,
    latitude: coordinate(stand.latitude),
    longitude: coordinate(stand.longitude),
    acceptsPayPal: stand.acceptsPayPal,
  };
}

/**
 * The current facts of an event (the read model) and the stands anyone may see at it, as the
 * public stand list shows them: the same statuses (eventListStatuses of an anonymous caller) and
 * the same presenter, so the printed kit never shows more than the event page does.
 */
@Injectable()
export class PrintSheets {
  constructor(
    private readonly loader: StandLoader,
    private readonly queries: StandQueries,
    private readonly presenter: StandPresenter,
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
  ) {}

  /** The event's current facts; 404 for an unknown or deleted event. */
  knownEvent(rawEventId: string): Promise<KnownEvent> {
    return this.loader.knownEvent(rawEventId);
  }

  /**
   * The event and its stands as anyone sees them (public read shapes), by stand number. 404 for an
   * unknown or deleted event, before anything is streamed.
   */
  async publicStands(rawEventId: string): Promise<{ event: KnownEvent; stands: TStand[] }> {
    const event = await this.loader.knownEvent(rawEventId);
    const stands = await this.presenter.many(await this.queries.ofEvent(event.id, eventListStatuses(null, event)));
    return { event, stands: stands.sort(byStandNumber) };
  }

  async of(rawEventId: string): Promise<PrintSheet> {
    const { event, stands } = await this.publicStands(rawEventId);
    const eventUrl = this.links().event(event.id);
    return { event: sheetEvent(event), stands: stands.map(sheetStand), eventUrl, shortUrl: eventUrl.replace(/^https?:\/\//, ''), printedAt: new Date() };
  }

  /** Pages of the web app (web/src/app/routes.tsx) on the public origin. */
  links(): PublicLinks {
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    return { event: (id) => `${base}/events/${id}`, stand: (id) => `${base}/stands/${id}` };
  }
}
