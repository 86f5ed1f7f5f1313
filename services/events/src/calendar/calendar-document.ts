import { BERLIN_VTIMEZONE, CALENDAR_TZID, calendarFile, escapeText } from '@flohmarkt/server-kit';
import type { CalendarLinks } from './calendar-links.js';
import { CALENDAR_TEXTS } from './calendar-texts.js';
import { eventVevent, type TCalendarEvent } from './event-vevent.js';

export interface TCalendarDocument {
  name: string;
  events: TCalendarEvent[];
  /** For a subscribed feed: how often calendar apps should fetch it again (ISO 8601 duration). */
  refreshEvery?: string;
  /**
   * Whether each entry rings the evening before (a market's own file, added on purpose). A subscribed
   * feed of every market around has none: it would ring for markets nobody chose.
   */
  alarm?: boolean;
}

/** iCalendar's media type (RFC 5545 8.1), in UTF-8: the names and descriptions are German. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** A whole VCALENDAR (RFC 5545) as the text of a `.ics` file: folded lines, CRLF. */
export function calendarDocument(doc: TCalendarDocument, links: CalendarLinks): string {
  return calendarFile([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${CALENDAR_TEXTS.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(doc.name)}`,
    `X-WR-TIMEZONE:${CALENDAR_TZID}`,
    // RFC 7986 and its older Apple/Microsoft spelling: how often a subscription is refreshed.
    ...(doc.refreshEvery ? [`REFRESH-INTERVAL;VALUE=DURATION:${doc.refreshEvery}`, `X-PUBLISHED-TTL:${doc.refreshEvery}`] : []),
    ...BERLIN_VTIMEZONE,
    ...doc.events.flatMap((event) => eventVevent(event, links, { alarm: doc.alarm ?? false })),
    'END:VCALENDAR',
  ]);
}
