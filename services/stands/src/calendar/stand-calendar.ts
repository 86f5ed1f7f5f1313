import { STAND_STATUS_LABELS, addressLine, type TStand } from '@flohmarkt/contracts';
import type { KnownEvent } from '../read-models/event-facts.js';
import { BERLIN_VTIMEZONE, CALENDAR_TZID, berlinLocalDateTime, calendarFile, escapeText, eveningBeforeAlarm, utcDateTime } from '@flohmarkt/server-kit';

/** What of the market the entry shows (from the stands service's read model of events). */
export type StandCalendarEvent = Pick<
  KnownEvent,
  'id' | 'name' | 'location' | 'latitude' | 'longitude' | 'startDateTime' | 'endDateTime' | 'status' | 'cancelReason'
>;

export interface StandCalendarInput {
  /** The stand as its holder reads it: the whole address, the exact point. */
  stand: Pick<TStand, 'id' | 'label' | 'status' | 'address' | 'latitude' | 'longitude' | 'categories'>;
  event: StandCalendarEvent;
  /** Where the holder finds the stand: its page, or a guest's manage link. */
  url: string;
  /** The public host, for the entry's UID. */
  host: string;
  /** DTSTAMP: when the file was made. */
  now: Date;
}

/** The German texts of the entry (what the holder's calendar app shows). */
export const STAND_CALENDAR_TEXTS = {
  productId: '-//Flohmarkt-Plattform//Mein Stand//DE',
  summary: (eventName: string) => `Mein Stand: ${eventName}`,
  cancelledSummary: (eventName: string) => `Abgesagt: ${eventName}`,
  stand: (label: string) => `Dein Stand: ${label}`,
  status: (label: string) => `Status: ${label}`,
  address: (line: string) => `Adresse: ${line}`,
  market: (location: string) => `Markt: ${location}`,
  categories: (list: readonly string[]) => `Angebot: ${list.join(', ')}`,
  cancelled: 'Dieser Flohmarkt wurde abgesagt.',
  cancelReason: (reason: string) => `Grund: ${reason}`,
  manage: (url: string) => `Dein Stand online: ${url}`,
  tomorrow: (eventName: string) => `Morgen: dein Stand auf ${eventName}`,
} as const;

/**
 * A stand holder's own registration as an iCalendar file: the market's times, the stand's address as
 * the place (else the market's), the stand's point, what it offers and its status. Approved:
 * CONFIRMED; pending or waitlisted: TENTATIVE; rejected, withdrawn, released (issue 36) or the market cancelled: CANCELLED,
 * and then no alarm. The UID stays the stand's, so importing the file again updates the entry.
 */
export function standCalendar({ stand, event, url, host, now }: StandCalendarInput): string {
  const marketCancelled = event.status === 'cancelled';
  const cancelled = marketCancelled || stand.status === 'rejected' || stand.status === 'withdrawn' || stand.status === 'released';
  const place = stand.address ? addressLine(stand.address) : event.location;
  const point = stand.latitude !== null && stand.longitude !== null ? stand : event;
  const description = [
    ...(marketCancelled ? [STAND_CALENDAR_TEXTS.cancelled, ...(event.cancelReason ? [STAND_CALENDAR_TEXTS.cancelReason(event.cancelReason)] : [])] : []),
    STAND_CALENDAR_TEXTS.stand(stand.label),
    STAND_CALENDAR_TEXTS.status(STAND_STATUS_LABELS[stand.status]),
    ...(stand.address ? [STAND_CALENDAR_TEXTS.address(addressLine(stand.address))] : []),
    STAND_CALENDAR_TEXTS.market(event.location),
    ...(stand.categories.length > 0 ? [STAND_CALENDAR_TEXTS.categories(stand.categories)] : []),
    STAND_CALENDAR_TEXTS.manage(url),
  ].join('\n');
  const start = new Date(event.startDateTime);
  return calendarFile([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${STAND_CALENDAR_TEXTS.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...BERLIN_VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:stand-${stand.id}@${host}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `DTSTART;TZID=${CALENDAR_TZID}:${berlinLocalDateTime(start)}`,
    `DTEND;TZID=${CALENDAR_TZID}:${berlinLocalDateTime(new Date(event.endDateTime))}`,
    `SUMMARY:${escapeText((marketCancelled ? STAND_CALENDAR_TEXTS.cancelledSummary : STAND_CALENDAR_TEXTS.summary)(event.name))}`,
    `DESCRIPTION:${escapeText(description)}`,
    `LOCATION:${escapeText(place)}`,
    ...(point.latitude !== null && point.longitude !== null ? [`GEO:${Number(point.latitude)};${Number(point.longitude)}`] : []),
    `URL:${url}`,
    `STATUS:${cancelled ? 'CANCELLED' : stand.status === 'approved' ? 'CONFIRMED' : 'TENTATIVE'}`,
    // The market day is busy for the one who stands there.
    'TRANSP:OPAQUE',
    ...(cancelled ? [] : eveningBeforeAlarm(start, STAND_CALENDAR_TEXTS.tomorrow(event.name), now)),
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}
