import type { EventEntity } from '../events/event.entity.js';
import { CALENDAR_TZID, berlinLocalDateTime, escapeText, eveningBeforeAlarm, utcDateTime } from '@flohmarkt/server-kit';
import type { CalendarLinks } from './calendar-links.js';
import { CALENDAR_TEXTS } from './calendar-texts.js';

/** What of an event a calendar entry shows: public fields only (no contact of the organiser beyond the page). */
export type TCalendarEvent = Pick<
  EventEntity,
  | 'id'
  | 'name'
  | 'description'
  | 'location'
  | 'latitude'
  | 'longitude'
  | 'startDateTime'
  | 'endDateTime'
  | 'status'
  | 'cancelReason'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * SEQUENCE must grow with every revision a calendar should take over (RFC 5545 3.8.7.4): the seconds
 * from the event's creation to its last change grow with each edit and the cancellation, and never
 * shrink, without a counter column of their own.
 */
function eventSequence(event: Pick<TCalendarEvent, 'createdAt' | 'updatedAt'>): number {
  return Math.max(0, Math.floor((event.updatedAt.getTime() - event.createdAt.getTime()) / 1000));
}

/** A decimal column ('50.94780000') as the shortest number text ('50.9478'). */
const coordinate = (value: string) => String(Number(value));

/**
 * The VEVENT of one event (unfolded lines), with the alarm the evening before where asked. DTSTAMP is the last change, not the moment of the
 * answer: the file stays byte for byte the same until the event changes, so its ETag holds and
 * calendar apps that poll a feed get 304s.
 */
export function eventVevent(event: TCalendarEvent, links: CalendarLinks, options: { alarm: boolean } = { alarm: false }): string[] {
  const cancelled = event.status === 'cancelled';
  const url = links.eventPage(event.id);
  const description = [
    ...(cancelled ? [CALENDAR_TEXTS.cancelled, ...(event.cancelReason ? [CALENDAR_TEXTS.cancelReason(event.cancelReason)] : [])] : []),
    ...(event.description?.trim() ? [event.description.trim()] : []),
    CALENDAR_TEXTS.moreOnThePage(url),
  ].join('\n\n');
  const hasPlace = event.latitude !== null && event.longitude !== null;
  return [
    'BEGIN:VEVENT',
    `UID:${links.eventUid(event.id)}`,
    `DTSTAMP:${utcDateTime(event.updatedAt)}`,
    `CREATED:${utcDateTime(event.createdAt)}`,
    `LAST-MODIFIED:${utcDateTime(event.updatedAt)}`,
    `SEQUENCE:${eventSequence(event)}`,
    `DTSTART;TZID=${CALENDAR_TZID}:${berlinLocalDateTime(event.startDateTime)}`,
    `DTEND;TZID=${CALENDAR_TZID}:${berlinLocalDateTime(event.endDateTime)}`,
    `SUMMARY:${escapeText(cancelled ? CALENDAR_TEXTS.cancelledSummary(event.name) : event.name)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(hasPlace ? [`GEO:${coordinate(event.latitude!)};${coordinate(event.longitude!)}`] : []),
    `URL:${url}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    // A visit to a flea market does not make the visitor busy for others.
    'TRANSP:TRANSPARENT',
    // A cancelled market rings nobody.
    ...(options.alarm && !cancelled ? eveningBeforeAlarm(event.startDateTime, CALENDAR_TEXTS.tomorrow(event.name)) : []),
    'END:VEVENT',
  ];
}
