import { Inject, Injectable } from '@nestjs/common';
import type { TStand, TStandAddress } from '@flohmarkt/contracts';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import type { KnownEvent } from '../read-models/event-facts.js';
import { eventListStatuses } from '../stands/stand-access.js';
import { StandLoader } from '../stands/stand-loader.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandQueries } from '../stands/stand-queries.js';
import { addressOrder } from '../numbering/address-order.js';
import { byStandNumber, printedNumber } from './stand-order.js';

/** A stand as the printed kit and the public exports show it: public fields only, no names. */
export interface SheetStand {
  id: string;
  number: string | null;
  /**
   * What the stand map's marker, the legend and the list's first column print: the number, else a
   * mark of the sheet's own ('(1)', '(2)', … in the sheet's order), so every stand on the map can be
   * found in the legend, numbered or not (issue 33).
   */
  mark: string;
  /** As the public reads it: no house number while an approximate stand's position is hidden. */
  address: TStandAddress | null;
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

/**
 * Built from the public read of a stand (TStand as anyone gets it), so whatever that hides stays hidden
 * here; `unnumbered` counts the stands without a number before it in the sheet.
 */
export function sheetStand(stand: TStand, unnumbered: number): SheetStand {
  const number = printedNumber(stand);
  return {
    id: stand.id,
    number,
    mark: number ?? `(${unnumbered + 1})`,
    address: stand.address ?? null,
    categories: [...stand.categories, ...stand.foodCategories, ...stand.activityCategories],
    description: stand.description,
    latitude: coordinate(stand.latitude),
    longitude: coordinate(stand.longitude),
    acceptsPayPal: stand.acceptsPayPal,
  };
}

/** The sheet's stands in their order, the unnumbered ones marked (1), (2), … */
export function sheetStands(stands: readonly TStand[]): SheetStand[] {
  let unnumbered = 0;
  return stands.map((stand) => {
    const sheet = sheetStand(stand, unnumbered);
    if (sheet.number === null) unnumbered++;
    return sheet;
  });
}

/**
 * The sheet's stands street by street (the stand list with `order=street`): those with an address by
 * street and house number as "Nummerieren nach Straße" walks them (numbering/address-order.ts), then
 * the rest in the sheet's order. The marks stay the ones the sheet gave, so list and map agree.
 */
export function byStreet(stands: readonly SheetStand[]): SheetStand[] {
  const byId = new Map(stands.map((stand) => [stand.id, stand]));
  const addressed = stands.flatMap((stand) => (stand.address ? [{ id: stand.id, address: stand.address }] : []));
  return [...addressOrder(addressed).map((id) => byId.get(id)!), ...stands.filter((stand) => !stand.address)];
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
    return { event: sheetEvent(event), stands: sheetStands(stands), eventUrl, shortUrl: eventUrl.replace(/^https?:\/\//, ''), printedAt: new Date() };
  }

  /** Pages of the web app (web/src/app/routes.tsx) on the public origin. */
  links(): PublicLinks {
    const base = this.config.PUBLIC_URL.replace(/\/+$/, '');
    return { event: (id) => `${base}/events/${id}`, stand: (id) => `${base}/stands/${id}` };
  }
}
