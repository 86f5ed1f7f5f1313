import { describe, expect, it } from 'vitest';
import { calendarDocument } from './calendar-document.js';
import { CalendarLinks } from './calendar-links.js';
import type { TCalendarEvent } from './event-vevent.js';

/*
 * A market with every text at its allowed maximum (issue 30) as a calendar file: a 200-character
 * name with umlauts and an emoji, a 300-character place, a 5,000-character description with line
 * breaks, commas and semicolons. Every physical line stays within RFC 5545's 75 octets, and a
 * reader that unfolds and unescapes gets every text back whole.
 */

const words = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);
const NAME = words('Großer Hof- und Straßenflohmarkt 🧸 rund um den Rathenauplatz; Bücher, Spielzeug ', 200);
const PLACE = words('Rathenauplatz und alle Höfe der umliegenden Straßen, 50674 Köln ', 300);
const DESCRIPTION = words('Kinderkleidung, Bücher; Schallplatten\nund Spielzeug aus drei Jahrzehnten. ', 5000);

const event: TCalendarEvent = {
  id: '11111111-1111-4111-8111-111111111111',
  name: NAME,
  description: DESCRIPTION,
  location: PLACE,
  latitude: '50.93400000',
  longitude: '6.94200000',
  startDateTime: new Date('2031-06-14T06:00:00Z'),
  endDateTime: new Date('2031-06-14T14:00:00Z'),
  status: 'planned',
  cancelReason: null,
  createdAt: new Date('2031-01-01T10:00:00Z'),
  updatedAt: new Date('2031-01-02T10:00:00Z'),
};

/** A property's value as a calendar app reads it: unfolded (RFC 5545 3.1), then unescaped (3.3.11). */
function valueOf(file: string, property: string): string {
  const unfolded = file.replace(/\r\n /g, '');
  const line = unfolded.split('\r\n').find((l) => l.startsWith(`${property}:`)) ?? '';
  return line
    .slice(property.length + 1)
    .replace(/\\n/g, '\n')
    .replace(/\\([,;\\])/g, '$1');
}

describe('a calendar file with every text at its longest', () => {
  const file = calendarDocument({ name: `Flohmarkt: ${NAME}`, events: [event] }, new CalendarLinks('https://flohmarkt.example.org'));

  it('folds every line within 75 octets, never inside a character', () => {
    for (const line of file.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
  });

  it('gives a calendar app the whole name, place and description back', () => {
    expect(valueOf(file, 'SUMMARY')).toBe(NAME);
    expect(valueOf(file, 'LOCATION')).toBe(PLACE);
    expect(valueOf(file, 'DESCRIPTION').startsWith(DESCRIPTION.trim())).toBe(true);
    expect(valueOf(file, 'X-WR-CALNAME')).toBe(`Flohmarkt: ${NAME}`);
  });
});

describe('the alarm the evening before', () => {
  const links = new CalendarLinks('https://flohmarkt.example.org');
  const alarms = (file: string) => file.replace(/\r\n /g, '').match(/BEGIN:VALARM[\s\S]*?END:VALARM/g) ?? [];

  it("rings at 18:00 Berlin time the day before in a market's own file, naming the market", () => {
    const [alarm, ...more] = alarms(calendarDocument({ name: 'Flohmarkt', events: [event], alarm: true }, links));
    expect(more).toEqual([]);
    // Saturday 14 June 2031 08:00 CEST: Friday 18:00 CEST is 16:00 UTC.
    expect(alarm).toContain('TRIGGER;VALUE=DATE-TIME:20310613T160000Z');
    expect(alarm).toContain('ACTION:DISPLAY');
    expect(valueOf(alarm!, 'DESCRIPTION')).toBe(`Morgen: ${NAME}`);
  });

  it('is not in a subscribed feed, nor in a cancelled market', () => {
    expect(
      alarms(calendarDocument({ name: 'Feed', events: [event, { ...event, id: '22222222-2222-4222-8222-222222222222' }], refreshEvery: 'PT6H' }, links)),
    ).toEqual([]);
    expect(alarms(calendarDocument({ name: 'Abgesagt', events: [{ ...event, status: 'cancelled' }], alarm: true }, links))).toEqual([]);
  });
});
