import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type CallerContext } from '@flohmarkt/server-kit';
import { EventsService } from './events/events.service.js';
import { GeocodeService } from './geocode/geocode.service.js';
import { StreetIndex } from './geocode/street-index.js';
import { freshEventsDatabaseEmptiedPerTest } from './testing/fresh-database.js';
import { refusal } from './testing/refusal.js';

/*
 * Issue 30, O1: a market's point and its location text never disagree silently. A point far from the
 * place the text names is refused unless the organiser confirmed it, and the street index never learns
 * an address at such a point (real PostgreSQL).
 */

const organizer: CallerContext = { id: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40', role: 'organizer' };

/** The map's default centre (Berlin), where an untouched picker left the market of the usability test. */
const BERLIN_CENTRE = { latitude: 52.52, longitude: 13.405 };
/** Venloer Straße 400 in Köln-Ehrenfeld, and Berlin-Kreuzberg (4 km from the point Berlin has in the gazetteer). */
const VENLOER_400 = { latitude: 50.9511, longitude: 6.9167 };
const KREUZBERG = { latitude: 52.4889, longitude: 13.3951 };

const market = (location: string, point: { latitude: number; longitude: number }, extra: Record<string, unknown> = {}) => ({
  name: 'Hofflohmarkt',
  location,
  ...point,
  startDateTime: '2031-05-10T10:00:00+02:00',
  endDateTime: '2031-05-10T16:00:00+02:00',
  ...extra,
});

let ds: DataSource;
let events: EventsService;
let geocode: GeocodeService;

const found = async (q: string) => (await geocode.search({ q, limit: 5 })).map((r) => ({ name: r.displayName, lat: r.lat }));

freshEventsDatabaseEmptiedPerTest(['event_addresses', 'streets'], (fresh) => {
  Logger.overrideLogger(false);
  ds = fresh.ds;
  events = new EventsService(ds);
  geocode = new GeocodeService(null, new StreetIndex(ds));
});

describe('a point far from the typed place', () => {
  it('is refused with a German sentence naming the point, the distance and the typed place, and nothing is stored', async () => {
    const refused = await refusal(events.create(organizer, market('Venloer Straße 400, 50825 Köln', BERLIN_CENTRE)));
    expect(refused).toEqual({ status: 400, message: 'Der Punkt auf der Karte bei Berlin liegt 478 km von „50825 Köln“ entfernt.' });
    expect(await ds.query('SELECT id FROM events.events')).toEqual([]);
  });

  it('is taken when the organiser confirmed it (locationConfirmed), but the street index does not learn the address there', async () => {
    const saved = await events.create(organizer, market('Venloer Straße 400, 50825 Köln', BERLIN_CENTRE, { locationConfirmed: true }));
    expect(saved).toMatchObject({ location: 'Venloer Straße 400, 50825 Köln', latitude: '52.52000000' });
    expect(saved).not.toHaveProperty('locationConfirmed');
    expect(await ds.query('SELECT event_id FROM events.event_addresses')).toEqual([]);
    // The search still answers with Köln, never with Berlin's point.
    const answers = await found('Venloer Straße 400, 50825 Köln');
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((a) => Math.abs(a.lat - 50.94) < 0.1)).toBe(true);
  });

  it('refuses an edit that moves the point away from the text, or the text away from the stored point', async () => {
    const saved = await events.create(organizer, market('Venloer Straße 400, 50825 Köln', VENLOER_400));
    const moved = await refusal(events.update(organizer, saved.id, market('Venloer Straße 400, 50825 Köln', BERLIN_CENTRE)));
    expect(moved.status).toBe(400);
    expect(moved.message).toContain('von „50825 Köln“ entfernt');
    const { latitude: _lat, longitude: _lng, ...withoutPoint } = market('Alexanderplatz, 10178 Berlin', VENLOER_400);
    const retexted = await refusal(events.update(organizer, saved.id, withoutPoint));
    expect(retexted.message).toBe('Der Punkt auf der Karte bei Köln liegt 480 km von „10178 Berlin“ entfernt.');
    const confirmed = await events.update(organizer, saved.id, { ...withoutPoint, locationConfirmed: true });
    expect(confirmed.location).toBe('Alexanderplatz, 10178 Berlin');
  });
});

describe('a point that agrees with the typed place', () => {
  it('is taken within 3 km, anywhere in the named town, and for a text that names no known place', async () => {
    const venloer = await events.create(organizer, market('Venloer Straße 400, 50825 Köln', VENLOER_400));
    expect(venloer.latitude).toBe('50.95110000');
    // 4 km from Berlin's point in the gazetteer, still Berlin.
    await expect(events.create(organizer, market('Bergmannstraße 12, 10961 Berlin', KREUZBERG))).resolves.toMatchObject({
      location: 'Bergmannstraße 12, 10961 Berlin',
    });
    await expect(events.create(organizer, market('Gemeindehaus St. Agnes', BERLIN_CENTRE))).resolves.toMatchObject({ location: 'Gemeindehaus St. Agnes' });
    // The agreeing addresses are learned, at their own points.
    expect(await found('Venloer Straße 400')).toContainEqual({ name: 'Venloer Straße 400, 50825 Köln', lat: 50.9511 });
    expect(await found('Bergmannstraße 12 Berlin')).toContainEqual({ name: 'Bergmannstraße 12, 10961 Berlin', lat: 52.4889 });
  });
});
