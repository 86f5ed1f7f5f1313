import { eveningBefore } from '@flohmarkt/contracts';
import { escapeText, utcDateTime } from './ical-text.js';

/**
 * The VALARM of a market's calendar entry (RFC 5545 3.6.6): it rings at 18:00 Berlin time the evening
 * before the start, when the reminder mails go out too. An absolute trigger in UTC, so every calendar
 * rings at the same moment whatever its own zone.
 */
export function eveningBeforeAlarm(start: Date, text: string): string[] {
  return ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(text)}`, `TRIGGER;VALUE=DATE-TIME:${utcDateTime(eveningBefore(start))}`, 'END:VALARM'];
}
