import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { API_ERRORS } from '@flohmarkt/contracts';
import type { CallerContext } from '@flohmarkt/server-kit';
import { EventsService } from '../events/events.service.js';
import { freshEventsDatabaseEmptiedPerTest } from '../testing/fresh-database.js';
import { startEventsApp } from '../testing/events-app.js';
import { CalendarController } from './calendar.controller.js';

/*
 * "Zum Kalender hinzufügen" as a caller gets it from the events service (behind the gateway's
 * token): the file read back with a real iCalendar parser (ical.js, Mozilla's), and its bytes
 * checked against RFC 5545's line rules.
 */

const GATEWAY_TOKEN = 'calendar-spec-gateway-token-0123456789';
const PUBLIC_URL = 'https://flohmarkt.example';
const organizer: CallerContext = { id: randomUUID(), role: 'organizer' };

const LONG_DESCRIPTION =
  'Über 80 Höfe öffnen ihre Tore; Bücher, Spielzeug, Kleidung, Möbel und Kuriositäten.\n' +
  'Bitte Kleingeld mitbringen – große Scheine (50 €, 100 €) nehmen nicht alle an.\n\n' +
  'Pfad der Fundsachen: C:\\Flohmarkt\\Fundbüro; Straße für Straße, Haus für Haus. ' +
  'Die Weißwurst-Bude an der Ecke Maßstraße/Äußere Gasse hat bis 18 Uhr geöffnet. 😀 '.repeat(3);

let ds: DataSource;
let events: EventsService;
let app: INestApplication;
let base: string;

freshEventsDatabaseEmptiedPerTest([], async (fresh) => {
  ds = fresh.ds;
  events = new EventsService(ds);
  const env = { GATEWAY_TOKEN, INTERNAL_TOKEN: 'calendar-spec-internal-token-0123456789', PUBLIC_URL };
  ({ app, base } = await startEventsApp(fresh, env, { controllers: [CalendarController], providers: [EventsService] }));
});

afterAll(async () => {
  await app?.close();
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, { headers: { 'x-internal-token': GATEWAY_TOKEN, ...headers } });
}

const summer = {
  name: 'Großer Hofflohmarkt „Südstadt“, Straße für Straße; mit Kinderflohmarkt',
  description: LONG_DESCRIPTION,
  location: 'Severinstraße 1, 50678 Köln',
  latitude: 50.9261,
  longitude: 6.9592,
  startDateTime: '2031-06-07T08:00:00+02:00',
  endDateTime: '2031-06-07T16:00:00+02:00',
};

/** The file as text, after checking the answer's headers and the bytes of every line. */
async function icsOf(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  expect(Buffer.from(text, 'utf8').equals(bytes)).toBe(true);
  // CRLF only: no bare LF or CR, and the file ends with one.
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  expect(text.endsWith('\r\n')).toBe(true);
  for (const line of text.slice(0, -2).split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  return text;
}

function parsed(text: string): { calendar: ICAL.Component; vevents: ICAL.Component[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, vevents: calendar.getAllSubcomponents('vevent') };
}

function sequenceOf(text: string): number {
  return Number(parsed(text).vevents[0]!.getFirstPropertyValue('sequence'));
}

describe('GET /events/:id/calendar.ics', () => {
  it('is a VCALENDAR a real parser reads: publish method, the Berlin zone with its rules, one event with all it says', async () => {
    const event = await events.create(organizer, summer);
    const res = await get(`/events/${event.id}/calendar.ics`);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="flohmarkt-grosser-hofflohmarkt-suedstadt-strasse-fuer-strasse-mit-kind.ics"');
    const text = await icsOf(res);
    const { calendar, vevents } = parsed(text);

    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Flohmarkt-Plattform//Kalender//DE');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    expect(zones[0]!.getAllSubcomponents('daylight')).toHaveLength(1);
    expect(zones[0]!.getAllSubcomponents('standard')).toHaveLength(1);

    expect(vevents).toHaveLength(1);
    const vevent = vevents[0]!;
    const entry = new ICAL.Event(vevent);
    expect(entry.uid).toBe(`${event.id}@flohmarkt.example`);
    expect(entry.summary).toBe(summer.name);
    // Escaping and folding undone by the parser give back the organiser's text, umlauts, ß, emoji and all.
    expect(entry.description).toBe(`${LONG_DESCRIPTION.trim()}\n\nAlle Stände und die Karte: ${PUBLIC_URL}/events/${event.id}`);
    expect(entry.location).toBe(summer.location);
    expect(vevent.getFirstPropertyValue('geo')).toEqual([50.9261, 6.9592]);
    expect(vevent.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/events/${event.id}`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('dtstamp')).not.toBeNull();
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    expect(vevent.getFirstProperty('dtend')!.getParameter('tzid')).toBe('Europe/Berlin');
    // The instants through the file's own VTIMEZONE: 08:00 in Berlin's summer is 06:00 UTC.
    expect(entry.startDate.toJSDate().toISOString()).toBe('2031-06-07T06:00:00.000Z');
    expect(entry.endDate.toJSDate().toISOString()).toBe('2031-06-07T14:00:00.000Z');
    // The long description was folded, and in the raw file the separators are escaped.
    expect(text).toMatch(/\r\n /);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Großer Hofflohmarkt „Südstadt“\\, Straße für Straße\\; mit Kinderflohmarkt');
    expect(unfolded).toContain('C:\\\\Flohmarkt\\\\Fundbüro\\;');
  });

  it('takes winter time from the same zone rules, and leaves GEO out for an event without coordinates', async () => {
    const event = await events.create(organizer, {
      name: 'Adventsflohmarkt',
      location: 'Marktplatz, Aachen',
      startDateTime: '2031-12-06T10:30:00+01:00',
      endDateTime: '2031-12-06T17:00:00+01:00',
    });
    const { vevents } = parsed(await icsOf(await get(`/events/${event.id}/calendar.ics`)));
    const entry = new ICAL.Event(vevents[0]!);
    expect(entry.startDate.toJSDate().toISOString()).toBe('2031-12-06T09:30:00.000Z');
    expect(entry.endDate.toJSDate().toISOString()).toBe('2031-12-06T16:00:00.000Z');
    expect(vevents[0]!.getFirstProperty('geo')).toBeNull();
  });

  it('answers a cancelled event as CANCELLED with the reason, and a higher SEQUENCE than before each change', async () => {
    const event = await events.create(organizer, summer);
    // Created an hour ago: the edits below come later, as an organiser's would.
    await ds.query(`UPDATE events.events SET created_at = created_at - interval '1 hour', updated_at = updated_at - interval '1 hour' WHERE id = $1`, [
      event.id,
    ]);
    const first = await icsOf(await get(`/events/${event.id}/calendar.ics`));
    await events.update(organizer, event.id, { ...summer, location: 'Chlodwigplatz, 50678 Köln' });
    const edited = await icsOf(await get(`/events/${event.id}/calendar.ics`));
    expect(sequenceOf(edited)).toBeGreaterThan(sequenceOf(first));

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await events.cancel(organizer, event.id, { reason: 'Unwetterwarnung; wir verschieben, Ersatztermin folgt.' });
    const cancelled = await icsOf(await get(`/events/${event.id}/calendar.ics`));
    expect(sequenceOf(cancelled)).toBeGreaterThan(sequenceOf(edited));
    const vevent = parsed(cancelled).vevents[0]!;
    const entry = new ICAL.Event(vevent);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(entry.uid).toBe(`${event.id}@flohmarkt.example`);
    expect(entry.summary).toBe(`Abgesagt: ${summer.name}`);
    expect(entry.description.startsWith('Dieser Flohmarkt wurde abgesagt.\n\nGrund: Unwetterwarnung; wir verschieben, Ersatztermin folgt.\n\n')).toBe(true);
    expect(entry.location).toBe('Chlodwigplatz, 50678 Köln');
  });

  it('is cacheable for a few minutes, and answers 304 without a body to a client holding the same version', async () => {
    const event = await events.create(organizer, summer);
    const res = await get(`/events/${event.id}/calendar.ics`);
    await icsOf(res);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`/events/${event.id}/calendar.ics`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await events.update(organizer, event.id, { ...summer, name: 'Hofflohmarkt Südstadt' });
    expect((await get(`/events/${event.id}/calendar.ics`, { 'if-none-match': etag })).status).toBe(200);
  });

  it('is a 404 with the German message for an unknown event and for an id that cannot be one', async () => {
    for (const id of [randomUUID(), 'kein-event']) {
      const res = await get(`/events/${id}/calendar.ics`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: API_ERRORS.eventNotFound });
    }
  });
});
