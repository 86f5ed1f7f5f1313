import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { VALIDATION, ZEventFeatureCollection, type TLatLng } from '@flohmarkt/contracts';
import type { CallerContext } from '@flohmarkt/server-kit';
import { EventEntity } from '../events/event.entity.js';
import { EventSearch } from '../search/event-search.js';
import { destination } from '../testing/geo.js';
import { freshEventsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { startEventsApp } from '../testing/events-app.js';
import { FeedsController } from './feeds.controller.js';

/*
 * The feeds as a caller gets them from the events service: upcoming markets around Cologne's
 * cathedral at known distances, read back as iCalendar (ical.js) and as GeoJSON.
 */

const GATEWAY_TOKEN = 'feeds-spec-gateway-token-0123456789';
const PUBLIC_URL = 'https://flohmarkt.example';
const organizer: CallerContext = { id: randomUUID(), role: 'organizer' };
const DOM: TLatLng = { lat: 50.9413, lng: 6.9583 };

let fresh: FreshDatabase;
let ds: DataSource;
let app: INestApplication;
let base: string;
/** Event ids by name. */
const ids: Record<string, string> = {};

async function market(name: string, distanceKm: number, start: string, changes: Partial<EventEntity> = {}): Promise<void> {
  const at = destination(DOM, 90, distanceKm);
  const repo = ds.getRepository(EventEntity);
  const startDateTime = new Date(start);
  const saved = await repo.save(
    repo.create({
      name,
      location: `${name}, Köln`,
      latitude: at.lat.toFixed(8),
      longitude: at.lng.toFixed(8),
      startDateTime,
      endDateTime: new Date(startDateTime.getTime() + 6 * 3600_000),
      organizerId: organizer.id,
      ...changes,
    }),
  );
  ids[name] = saved.id;
}

beforeAll(async () => {
  fresh = await freshEventsDatabase();
  ds = fresh.ds;
  const env = { GATEWAY_TOKEN, INTERNAL_TOKEN: 'feeds-spec-internal-token-0123456789', PUBLIC_URL };
  // The list's search reads through the reads pool (the primary itself when no standby is configured).
  ({ app, base } = await startEventsApp(fresh, env, { controllers: [FeedsController], providers: [EventSearch] }));

  await market('Dom', 0.5, '2031-06-07T08:00:00+02:00');
  await market('Deutz', 30, '2031-05-03T09:00:00+02:00');
  await market('Abgesagt', 10, '2031-05-10T09:00:00+02:00', { status: 'cancelled', cancelReason: 'Baustelle auf dem Platz' });
  await market('Bonn', 80, '2031-07-05T09:00:00+02:00');
  await market('Koblenz', 120, '2031-07-12T09:00:00+02:00');
  await market('Vorbei', 1, '2020-05-02T09:00:00+02:00');
});

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, { headers: { 'x-internal-token': GATEWAY_TOKEN, ...headers } });
}

const around = (radiusKm: number) => `lat=${DOM.lat}&lng=${DOM.lng}&radiusKm=${radiusKm}`;
const nameOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0];

async function veventsOf(res: Response): Promise<ICAL.Component[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const text = await res.text();
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
  return calendar.getAllSubcomponents('vevent');
}

describe('GET /feeds/events.ics', () => {
  it('holds the upcoming markets within the radius in start order, cancelled ones as CANCELLED, and none further or past', async () => {
    const vevents = await veventsOf(await get(`/feeds/events.ics?${around(50)}`));
    const uids = vevents.map((v) => String(v.getFirstPropertyValue('uid')));
    expect(uids.map((uid) => nameOf(uid.replace('@flohmarkt.example', '')))).toEqual(['Deutz', 'Abgesagt', 'Dom']);
    const status = Object.fromEntries(vevents.map((v) => [nameOf(String(v.getFirstPropertyValue('uid')).split('@')[0]!), v.getFirstPropertyValue('status')]));
    expect(status).toEqual({ Deutz: 'CONFIRMED', Abgesagt: 'CANCELLED', Dom: 'CONFIRMED' });
    const cancelled = new ICAL.Event(vevents[1]!);
    expect(cancelled.description).toContain('Grund: Baustelle auf dem Platz');
    expect(vevents[2]!.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/events/${ids.Dom}`);
    expect(new ICAL.Event(vevents[2]!).startDate.toJSDate().toISOString()).toBe('2031-06-07T06:00:00.000Z');
  });

  it('reaches 100 km, no further', async () => {
    const names = (await veventsOf(await get(`/feeds/events.ics?${around(100)}`))).map((v) => nameOf(String(v.getFirstPropertyValue('uid')).split('@')[0]!));
    expect(names).toEqual(['Deutz', 'Abgesagt', 'Dom', 'Bonn']);
  });

  it('takes a map section instead of a circle', async () => {
    const east = destination(DOM, 90, 40);
    const res = await get(`/feeds/events.ics?bbox=${DOM.lng},${DOM.lat - 0.1},${east.lng},${DOM.lat + 0.1}`);
    const names = (await veventsOf(res)).map((v) => nameOf(String(v.getFirstPropertyValue('uid')).split('@')[0]!));
    expect(names).toEqual(['Deutz', 'Abgesagt', 'Dom']);
  });

  it('may be cached a few minutes; an unchanged feed is a 304 for a client with its ETag', async () => {
    const res = await get(`/feeds/events.ics?${around(50)}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="flohmaerkte.ics"');
    const etag = res.headers.get('etag')!;
    expect((await get(`/feeds/events.ics?${around(50)}`, { 'if-none-match': etag })).status).toBe(304);
    // Another place is another feed.
    expect((await get(`/feeds/events.ics?${around(100)}`, { 'if-none-match': etag })).status).toBe(200);
  });
});

describe('GET /feeds/events.geojson', () => {
  it('is a FeatureCollection of points with the public fields and the event page', async () => {
    const res = await get(`/feeds/events.geojson?${around(50)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const body = (await res.json()) as {
      type: string;
      features: { id: string; geometry: { type: string; coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    // The shape the declaration documents (GET_EVENT_FEED_GEOJSON); the properties are compared whole below.
    expect(ZEventFeatureCollection.strict().safeParse(body).error).toBeUndefined();
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((f) => f.properties.name)).toEqual(['Deutz', 'Abgesagt', 'Dom']);
    const dom = body.features[2]!;
    const at = destination(DOM, 90, 0.5);
    expect(dom.geometry.type).toBe('Point');
    expect(dom.geometry.coordinates[0]).toBeCloseTo(at.lng, 6);
    expect(dom.geometry.coordinates[1]).toBeCloseTo(at.lat, 6);
    expect(dom.properties).toEqual({
      id: ids.Dom,
      name: 'Dom',
      description: null,
      location: 'Dom, Köln',
      startDateTime: '2031-06-07T06:00:00.000Z',
      endDateTime: '2031-06-07T12:00:00.000Z',
      status: 'planned',
      cancelReason: null,
      phase: 'upcoming',
      standCount: 0,
      url: `${PUBLIC_URL}/events/${ids.Dom}`,
    });
    expect(body.features[1]!.properties).toMatchObject({ status: 'cancelled', phase: 'cancelled', cancelReason: 'Baustelle auf dem Platz' });
    expect(JSON.stringify(body)).not.toContain(organizer.id);
  });
});

describe('bad feed parameters', () => {
  it.each([
    ['events.ics', around(101), VALIDATION.invalidRadius],
    ['events.geojson', around(150), VALIDATION.invalidRadius],
    ['events.ics', '', VALIDATION.radiusNeedsCenter],
    ['events.geojson', 'radiusKm=10', VALIDATION.radiusNeedsCenter],
    ['events.ics', `lat=${DOM.lat}`, VALIDATION.coordinatesIncomplete],
    ['events.ics', 'bbox=15,47,5,55', VALIDATION.invalidBbox],
    ['events.geojson', 'lat=95&lng=7', VALIDATION.invalidLatitude],
  ])('GET /feeds/%s?%s is a 400 with the list’s German message', async (file, query, message) => {
    const res = await get(`/feeds/${file}?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(expect.objectContaining({ message }));
  });
});
