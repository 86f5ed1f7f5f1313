import { eveningBefore } from '@flohmarkt/contracts';
import { escapeText, utcDateTime } from './ical-text.js';

/**
 * The VALARM of a market's calendar entry (RFC 5545 3.6.6): it rings at 18:00 Berlin time the evening
 * before the start, when the reminder mails go out too. An absolute trigger in UTC, so every calendar
 * rings at the same moment whatever its own zone. None in a file made after that evening began (a
 * download on the market day): a calendar would ring "Morgen: …" at once, on the day itself.
 */
export function eveningBeforeAlarm(start: Date, text: string, now: Date = new Date()): string[] {
  const ringsAt = eveningBefore(start);
  if (ringsAt.getTime() <= now.getTime()) return [];
  return ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(text)}`, `TRIGGER;VALUE=DATE-TIME:${utcDateTime(ringsAt)}`, 'END:VALARM'];
}
