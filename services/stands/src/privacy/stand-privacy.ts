import { berlinMidnightOf, standLabel, type TStand } from '@flohmarkt/contracts';
import { runsMarketDay } from '@flohmarkt/server-kit';
import { managesEvent, ownsStand, type EventFacts, type Viewer } from '../stands/stand-access.js';
import { cellCentre } from './location-cell.js';

/*
 * What of a stand the public may see (docs/product.md#privacy), as pure functions of the reader, the
 * stand, its event and the time, applied to every read shape before it leaves the service
 * (StandPresenter), so lists, the stand page, the GeoJSON and the printed map all follow it.
 */

/** Who reads: a caller (null: signed out), or the guest holding the stand's manage link. */
export type StandReader = { caller: Viewer } | { guestOwner: true };

export const PUBLIC_READER: StandReader = { caller: null };

export interface PrivacyEvent extends EventFacts {
  startDateTime: string;
}

/** Owner (signed in, or the guest by the manage link), the event's organiser and admins see everything. */
export function readsPrivately(reader: StandReader, stand: Pick<TStand, 'exhibitorId'>, event: EventFacts | null): boolean {
  if ('guestOwner' in reader) return true;
  return ownsStand(reader.caller, { exhibitorId: stand.exhibitorId, status: 'approved' }) || managesEvent(reader.caller, event);
}

/**
 * `Cache-Control` of a stand list whose answer holds more than the public's view: the organiser's
 * and admins' (pending stands, exact positions, names) or one with the caller's own stand. No cache
 * outside the server keeps it: not a shared one, and not the web app's service worker, which keeps
 * only lists without it for the offline event page (docs/adr/0012-offline-event-page.md).
 */
export const PRIVATE_LIST_CACHE = 'private, no-store';

/** Whether this caller's list of an event's stands differs from what anybody else would get. */
export function listReadsPrivately(caller: Viewer, event: EventFacts | null, stands: ReadonlyArray<Pick<TStand, 'exhibitorId'>>): boolean {
  return managesEvent(caller, event) || stands.some((stand) => ownsStand(caller, { exhibitorId: stand.exhibitorId, status: 'approved' }));
}

/**
 * Whether an approximate stand's position is still hidden: until 00:00 Europe/Berlin of the event's
 * first day. An event not known (yet) keeps it hidden: a wrong guess must err towards privacy.
 */
export function positionHidden(event: Pick<PrivacyEvent, 'startDateTime'> | null, now: Date): boolean {
  if (!event) return true;
  return now.getTime() < berlinMidnightOf(new Date(event.startDateTime)).getTime();
}

/** The read shape as this reader may see it, named (`label`) by what this reader sees. */
export function forReader(read: TStand, reader: StandReader, event: PrivacyEvent | null, now: Date): TStand {
  const privately = readsPrivately(reader, read, event);
  const seen = privately ? { ...read, locationApproximate: false } : publicView(read, event, now);
  // Whether a seller said they come is between them and the market's people, its helpers included (issue 36).
  const confirmation = privately || ('caller' in reader && runsMarketDay(reader.caller, event)) ? read.confirmation : undefined;
  return { ...seen, confirmation, label: standLabel(seen) };
}

/** What the public's view changes, and what a label is made of: a stand read, or the few columns of a search hit. */
export type PublicStandFields = Pick<
  TStand,
  'latitude' | 'longitude' | 'locationPrecision' | 'nameDisplay' | 'address' | 'exhibitorId' | 'exhibitor' | 'guestFirstName' | 'guestLastName' | 'standNumber'
> & { locationApproximate?: boolean };

/** The stand as the public sees it (cell centre and no house number before the day, no name behind a number). */
export function publicView<T extends PublicStandFields>(read: T, event: Pick<PrivacyEvent, 'startDateTime'> | null, now: Date): T {
  let seen: T = { ...read, locationApproximate: false };
  if (read.locationPrecision === 'approximate' && positionHidden(event, now)) {
    if (read.latitude !== null && read.longitude !== null) {
      seen = { ...seen, ...cellCentre(Number(read.latitude), Number(read.longitude)), locationApproximate: true };
    }
    // The street and town, as far as the cell goes: the house number would point at the home.
    if (read.address) seen = { ...seen, address: { ...read.address, houseNumber: null } };
  }
  if (read.nameDisplay === 'number') {
    // Nothing that leads to the person: no name, and no exhibitor id (it opens their profile and stand list).
    seen = { ...seen, exhibitorId: null, exhibitor: null, guestFirstName: null, guestLastName: null };
  }
  return seen;
}
