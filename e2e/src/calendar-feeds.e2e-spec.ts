import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, VALIDATION, type TEvent } from '@flohmarkt/contracts';
import { apiCall, signedInSession } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { launchBrowser, type LaunchedBrowser } from './support/chromium.js';
import { inDays } from './support/days.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * Calendar and feeds through the gateway (issue 19 item 3): an event's .ics for anyone, the feeds of
 * upcoming markets around a place as iCal and GeoJSON, the German 400s, and in Chromium the event
 * page's "Zum Kalender hinzufügen" download and the landing page's subscription link. The files are
 * read back by the services' integration specs with a real iCalendar parser; here their content is
 * checked line by line as a calendar app receives it.
 */

let stack: TestStack;
let olga: HttpSession & { id: string };
let nippes: TEvent;
let ehrenfeld: TEvent;
let berlin: TEvent;
let browser: LaunchedBrowser;

async function createEvent(name: string, location: string, [latitude, longitude]: [number, number], days: number): Promise<TEvent> {
  const answer = await apiCall(stack.publicUrl, olga, 'POST', '/api/events', {
    name,
    location,
    latitude,
    longitude,
    startDateTime: inDays(days, 8),
    endDateTime: inDays(days, 14),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as TEvent;
}

/** The logical lines of a calendar file: folding undone, CRLF split. */
const contentLines = (text: string) => text.replace(/\r\n /g, '').split('\r\n');
/** The VEVENT blocks, each as its lines. */
function vevents(text: string): string[][] {
  return text
    .replace(/\r\n /g, '')
    .split('BEGIN:VEVENT\r\n')
    .slice(1)
    .map((block) => block.split('\r\nEND:VEVENT')[0]!.split('\r\n'));
}
const uidOf = (lines: string[]) => lines.find((l) => l.startsWith('UID:'))?.slice(4);

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  olga = await signedInSession(stack.publicUrl, 'olga.kalender@example.org', 'Olga', 'Kalender');
  nippes = await createEvent('Hofflohmarkt Nippes', 'Nippes, Köln', [50.9667, 6.95], 12);
  ehrenfeld = await createEvent('Trödelmarkt Ehrenfeld, Straße für Straße', 'Venloer Straße, 50823 Köln', [50.9478, 6.919], 5);
  berlin = await createEvent('Flohmarkt am Mauerpark', 'Mauerpark, Berlin', [52.5433, 13.4022], 7);
  const cancelled = await apiCall(stack.publicUrl, olga, 'PATCH', `/api/events/${ehrenfeld.id}/cancel`, { reason: 'Die Straße wird gesperrt.' });
  expect(cancelled.status).toBe(200);
  browser = await launchBrowser({
    locale: 'de-DE',
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('GET /api/events/{id}/calendar.ics', () => {
  it('is a calendar file for anyone: Berlin time zone, the event with its UID, place, link and status', async () => {
    const res = await fetch(`${stack.publicUrl}/api/events/${nippes.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="flohmarkt-hofflohmarkt-nippes.ics"');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const text = await res.text();
    const lines = contentLines(text);
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Flohmarkt-Plattform//Kalender//DE',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(lines).toContain('TZID:Europe/Berlin');
    const [event] = vevents(text);
    const host = new URL(stack.publicUrl).hostname;
    expect(event).toEqual(
      expect.arrayContaining([
        `UID:${nippes.id}@${host}`,
        'SUMMARY:Hofflohmarkt Nippes',
        'LOCATION:Nippes\\, Köln',
        'GEO:50.9667;6.95',
        `URL:${stack.publicUrl}/events/${nippes.id}`,
        'STATUS:CONFIRMED',
      ]),
    );
    expect(event!.find((l) => l.startsWith('DTSTART'))).toMatch(/^DTSTART;TZID=Europe\/Berlin:\d{8}T(09|10)0000$/);
  });

  it('says CANCELLED with the reason for a cancelled event', async () => {
    const [event] = vevents(await (await fetch(`${stack.publicUrl}/api/events/${ehrenfeld.id}/calendar.ics`)).text());
    expect(event).toContain('STATUS:CANCELLED');
    expect(event).toContain('SUMMARY:Abgesagt: Trödelmarkt Ehrenfeld\\, Straße für Straße');
    expect(event!.find((l) => l.startsWith('DESCRIPTION:'))).toContain('Grund: Die Straße wird gesperrt.');
  });

  it('is a 404 with the German message for an unknown event', async () => {
    const answer = await apiCall(stack.publicUrl, null, 'GET', '/api/events/00000000-0000-4000-8000-000000000000/calendar.ics');
    expect(answer).toEqual({ status: 404, body: { message: API_ERRORS.eventNotFound } });
  });
});

describe('the feeds around a place', () => {
  const cologne = 'lat=50.9375&lng=6.9603';

  it('as iCal: the upcoming markets within the radius in start order, the cancelled one as CANCELLED, none from Berlin', async () => {
    const res = await fetch(`${stack.publicUrl}/api/feeds/events.ics?${cologne}&radiusKm=25`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = vevents(await res.text());
    const host = new URL(stack.publicUrl).hostname;
    expect(events.map(uidOf)).toEqual([`${ehrenfeld.id}@${host}`, `${nippes.id}@${host}`]);
    expect(events.map((lines) => lines.find((l) => l.startsWith('STATUS:')))).toEqual(['STATUS:CANCELLED', 'STATUS:CONFIRMED']);
    expect(events.flat().join('\n')).not.toContain(berlin.id);
  });

  it('as GeoJSON: points with the public fields and the event page', async () => {
    const res = await fetch(`${stack.publicUrl}/api/feeds/events.geojson?${cologne}&radiusKm=25`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const body = (await res.json()) as { type: string; features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[] };
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((f) => f.properties.id)).toEqual([ehrenfeld.id, nippes.id]);
    expect(body.features[1]).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [6.95, 50.9667] },
      properties: { name: 'Hofflohmarkt Nippes', status: 'planned', url: `${stack.publicUrl}/events/${nippes.id}` },
    });
    expect(JSON.stringify(body)).not.toContain(olga.id);
  });

  it('refuses a radius over 100 km and a feed without a place, in German', async () => {
    expect(await apiCall(stack.publicUrl, null, 'GET', `/api/feeds/events.ics?${cologne}&radiusKm=101`)).toEqual({
      status: 400,
      body: { message: VALIDATION.invalidRadius },
    });
    expect(await apiCall(stack.publicUrl, null, 'GET', `/api/feeds/events.geojson?${cologne}&radiusKm=500`)).toEqual({
      status: 400,
      body: { message: VALIDATION.invalidRadius },
    });
    expect(await apiCall(stack.publicUrl, null, 'GET', '/api/feeds/events.ics')).toEqual({ status: 400, body: { message: VALIDATION.radiusNeedsCenter } });
  });
});

describe('in the browser', () => {
  let page: Page;

  beforeAll(async () => {
    page = browser.page;
  });

  it('downloads the event for the calendar from the event page', async () => {
    await page.goto(`${stack.publicUrl}/events/${nippes.id}`);
    const link = page.getByRole('link', { name: 'Zum Kalender hinzufügen' });
    await link.waitFor({ state: 'visible', timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('flohmarkt-hofflohmarkt-nippes.ics');
    const file = path.join(browser.profileDir, 'event.ics');
    await download.saveAs(file);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(vevents(text).map(uidOf)).toEqual([`${nippes.id}@${new URL(stack.publicUrl).hostname}`]);
  });

  it('offers the landing search around a place as a calendar subscription of the same radius', async () => {
    await page.goto(`${stack.publicUrl}/?ort=K%C3%B6ln`);
    const link = page.getByRole('link', { name: 'Als Kalender abonnieren' });
    await link.waitFor({ state: 'visible', timeout: 15_000 });
    const href = new URL((await link.getAttribute('href'))!);
    expect(href.protocol).toBe('webcal:');
    expect(href.host).toBe(new URL(stack.publicUrl).host);
    expect(href.pathname).toBe('/api/feeds/events.ics');
    expect(href.searchParams.get('radiusKm')).toBe('50');
    // The address the link names answers the feed over http(s), with both Cologne markets in it.
    const feed = await fetch(`${stack.publicUrl}${href.pathname}${href.search}`);
    expect(feed.status).toBe(200);
    expect(vevents(await feed.text()).map(uidOf)).toHaveLength(2);
  });
});
