import { describe, expect, it } from 'vitest';
import { STAND_CALENDAR_TEXTS, standCalendar, type StandCalendarInput } from './stand-calendar.js';

const input: StandCalendarInput = {
  stand: {
    id: '0c0ffee0-0000-4000-8000-000000000001',
    label: 'Gustav-Adolf-Straße 73b',
    status: 'approved',
    address: { street: 'Gustav-Adolf-Straße', houseNumber: '73b', postcode: '04105', town: 'Leipzig' },
    latitude: '51.34123400',
    longitude: '12.37876500',
    categories: ['Bücher', 'Kinderkleidung'],
  },
  event: {
    id: '0c0ffee0-0000-4000-8000-00000000e001',
    name: 'Hofflohmarkt Waldstraßenviertel',
    location: 'Waldstraßenviertel, Leipzig',
    latitude: '51.3440',
    longitude: '12.3620',
    // Saturday 12 September 2026, 10:00–16:00 CEST.
    startDateTime: '2026-09-12T08:00:00.000Z',
    endDateTime: '2026-09-12T14:00:00.000Z',
    status: 'planned',
    cancelReason: null,
  },
  url: 'https://flohmarkt.example.org/stands/0c0ffee0-0000-4000-8000-000000000001',
  host: 'flohmarkt.example.org',
  now: new Date('2026-08-01T12:00:00Z'),
};

/** A property's value as a calendar app reads it: unfolded, unescaped; the entry's first one of that name. */
function valueOf(file: string, property: string): string | undefined {
  const line = file
    .slice(file.indexOf('BEGIN:VEVENT'))
    .replace(/\r\n /g, '')
    .split('\r\n')
    .find((l) => l.startsWith(`${property}:`) || l.startsWith(`${property};`));
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\\n/g, '\n')
    .replace(/\\([,;\\])/g, '$1');
}

describe('a stand holder’s calendar file', () => {
  it('is the market’s day at the stand’s own address, with its point, what it offers and its status, ringing the evening before', () => {
    const file = standCalendar(input);
    expect(valueOf(file, 'SUMMARY')).toBe('Mein Stand: Hofflohmarkt Waldstraßenviertel');
    expect(valueOf(file, 'DTSTART')).toBe('20260912T100000');
    expect(valueOf(file, 'DTEND')).toBe('20260912T160000');
    expect(valueOf(file, 'LOCATION')).toBe('Gustav-Adolf-Straße 73b, 04105 Leipzig');
    expect(valueOf(file, 'GEO')).toBe('51.341234;12.378765');
    expect(valueOf(file, 'STATUS')).toBe('CONFIRMED');
    expect(valueOf(file, 'UID')).toBe(`stand-${input.stand.id}@flohmarkt.example.org`);
    expect(valueOf(file, 'DESCRIPTION')?.split('\n')).toEqual([
      'Dein Stand: Gustav-Adolf-Straße 73b',
      'Status: Genehmigt',
      'Adresse: Gustav-Adolf-Straße 73b, 04105 Leipzig',
      'Markt: Waldstraßenviertel, Leipzig',
      'Angebot: Bücher, Kinderkleidung',
      `Dein Stand online: ${input.url}`,
    ]);
    // Friday 18:00 CEST.
    expect(file).toContain('TRIGGER;VALUE=DATE-TIME:20260911T160000Z');
    for (const line of file.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('is tentative while pending or waitlisted, and at the market’s place and point without an address of its own', () => {
    const file = standCalendar({ ...input, stand: { ...input.stand, status: 'waitlisted', address: null, latitude: null, longitude: null, categories: [] } });
    expect(valueOf(file, 'STATUS')).toBe('TENTATIVE');
    expect(valueOf(file, 'LOCATION')).toBe('Waldstraßenviertel, Leipzig');
    expect(valueOf(file, 'GEO')).toBe('51.344;12.362');
    expect(valueOf(file, 'DESCRIPTION')).toContain('Status: Warteliste');
  });

  it('is cancelled without an alarm when the market is cancelled or the stand rejected, withdrawn or released', () => {
    const called = standCalendar({ ...input, event: { ...input.event, status: 'cancelled', cancelReason: 'Sturmwarnung' } });
    expect(valueOf(called, 'SUMMARY')).toBe(STAND_CALENDAR_TEXTS.cancelledSummary(input.event.name));
    expect(valueOf(called, 'DESCRIPTION')).toMatch(/^Dieser Flohmarkt wurde abgesagt\.\nGrund: Sturmwarnung\n/);
    for (const file of [
      called,
      standCalendar({ ...input, stand: { ...input.stand, status: 'rejected' } }),
      standCalendar({ ...input, stand: { ...input.stand, status: 'withdrawn' } }),
      standCalendar({ ...input, stand: { ...input.stand, status: 'released' } }),
    ]) {
      expect(valueOf(file, 'STATUS')).toBe('CANCELLED');
      expect(file).not.toContain('BEGIN:VALARM');
    }
  });

  it('rings the evening before only while that evening is ahead: a file downloaded on the market day has no alarm', () => {
    // Saturday 12 September 2026 10:00 Berlin: the evening before is Friday 18:00 CEST, 16:00 UTC.
    expect(standCalendar(input)).toContain('TRIGGER;VALUE=DATE-TIME:20260911T160000Z');
    expect(standCalendar({ ...input, now: new Date('2026-09-11T15:59:00Z') })).toContain('BEGIN:VALARM');
    expect(standCalendar({ ...input, now: new Date('2026-09-11T16:00:00Z') })).not.toContain('BEGIN:VALARM');
    expect(standCalendar({ ...input, now: new Date('2026-09-12T07:30:00Z') })).not.toContain('BEGIN:VALARM');
  });
});
