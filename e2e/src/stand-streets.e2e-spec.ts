import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { Browsers, signInBrowser } from './support/chromium.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * The organiser's stands per street (issue 18, item 7) through the whole stack, with a local server
 * that answers like Nominatim's /reverse as the events service's GEOCODER_URL: the stands service looks
 * up each stand position's street once in the background (through events, which keeps the geocoder's
 * policy: its user agent, one request per second), the overview and the web card count per street,
 * a moved stand is looked up again, and a stand whose lookup failed sits in a 'Bereich' cell until
 * a later run finds its street.
 */

const USER_AGENT = 'Flohmarkt-E2E/1.0 (+https://flohmarkt.example/kontakt)';
const DAY = 24 * 3600 * 1000;
const CENTER = { latitude: 52.4895, longitude: 13.3935 };
const ORGANISER = { email: 'orga.strassen@example.org', firstName: 'Olga', lastName: 'Organisatorin' };

/** Bergmannstraße runs east–west at 52.4895 N; Solmsstraße crosses it further south. */
const BERGMANN = (east: number) => ({ latitude: 52.4895, longitude: Number((13.39 + east / 1e4).toFixed(6)) });
const SOLMS = (south: number) => ({ latitude: Number((52.4885 - south / 1e4).toFixed(6)), longitude: 13.3932 });

interface Seen {
  lat: string | null;
  lon: string | null;
  userAgent: string | undefined;
  at: number;
}

let stack: TestStack;
let geocoder: Server;
let failing = false;
const seen: Seen[] = [];
let organizer: HttpSession & { id: string };
let eventId: string;
const browsers = new Browsers();

const call = (who: HttpSession | null, method: string, pathname: string, body?: unknown): Promise<Answer> =>
  apiCall(stack.publicUrl, who, method, pathname, body);
const areas = async () =>
  (
    (await call(organizer, 'GET', `/api/events/${eventId}/stand-overview`)).body as {
      areas: { name: string; kind: string; approved: number; pending: number }[];
    }
  ).areas;
const summary = async () => (await areas()).map((a) => `${a.kind}:${a.name}:${a.approved}/${a.pending}`);

beforeAll(async () => {
  // Nominatim's /reverse in miniature, with address details; 503 while `failing`.
  geocoder = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ lat: url.searchParams.get('lat'), lon: url.searchParams.get('lon'), userAgent: req.headers['user-agent'], at: Date.now() });
    if (failing || url.pathname !== '/reverse') {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'overloaded' }));
      return;
    }
    const lat = Number(url.searchParams.get('lat'));
    const road = lat > 52.489 ? 'Bergmannstraße' : 'Solmsstraße';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        place_id: 1,
        display_name: `${road}, Kreuzberg, Berlin, 10961, Deutschland`,
        address: { road, suburb: 'Kreuzberg', city: 'Berlin', postcode: '10961', country: 'Deutschland', country_code: 'de' },
      }),
    );
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;

  stack = await startTestStack({
    webDist: WEB_DIST,
    gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' },
    appEnv: { events: { GEOCODER_URL: geocoderUrl, GEOCODER_USER_AGENT: USER_AGENT }, stands: { STREET_LOOKUP_SECONDS: '1' } },
  });
  organizer = await signedInSession(stack.publicUrl, ORGANISER.email, ORGANISER.firstName, ORGANISER.lastName);
  const created = await call(organizer, 'POST', '/api/events', {
    name: 'Straßenflohmarkt Bergmannkiez',
    location: 'Bergmannstraße, 10961 Berlin',
    startDateTime: new Date(Date.now() + 14 * DAY).toISOString(),
    endDateTime: new Date(Date.now() + 14 * DAY + 6 * 3600 * 1000).toISOString(),
    ...CENTER,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  eventId = created.body.id;
}, 240_000);

afterAll(async () => {
  await browsers.closeAll();
  await stack?.stop();
  await new Promise((resolve) => geocoder?.close(resolve));
});

async function guestStand(name: string, at: { latitude: number; longitude: number } | Record<string, never>): Promise<string> {
  const res = await call(null, 'POST', `/api/events/${eventId}/guest-stands`, {
    guestFirstName: name,
    description: `${name}s Stand mit Büchern und Geschirr`,
    categories: ['Bücher'],
    ...at,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe('stands per street with a geocoder', () => {
  it('looks up each position once in the background, through events with its user agent, one request per second, and counts per street', async () => {
    const first = await guestStand('Gerda', BERGMANN(1));
    await guestStand('Hans', BERGMANN(4));
    await guestStand('Ida', BERGMANN(9));
    await guestStand('Jakob', SOLMS(2));
    await guestStand('Karla', {}); // no position: counted apart
    expect((await call(organizer, 'PATCH', `/api/stands/${first}/approve-draft`)).status).toBe(200);

    await expect.poll(summary, { timeout: 30_000, interval: 500 }).toEqual(['street:Solmsstraße:0/1', 'street:Bergmannstraße:1/2']);
    expect((await call(organizer, 'GET', `/api/events/${eventId}/stand-overview`)).body.withoutPosition).toBe(1);

    expect(seen).toHaveLength(4);
    expect(seen.every((s) => s.userAgent === USER_AGENT)).toBe(true);
    const gaps = seen.slice(1).map((s, i) => s.at - seen[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(900);
    // Once per position: later runs ask nothing more.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(seen).toHaveLength(4);
  });

  it('looks a moved stand up again and counts it on its new street', async () => {
    const stands = (await call(organizer, 'GET', `/api/events/${eventId}/draft-stands?status=pending`)).body as {
      id: string;
      guestFirstName: string;
      description: string;
      categories: string[];
    }[];
    const ida = stands.find((s) => s.guestFirstName === 'Ida')!;
    const moved = await call(organizer, 'PUT', `/api/stands/${ida.id}`, { description: ida.description, categories: ida.categories, ...SOLMS(5) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expect.poll(summary, { timeout: 30_000, interval: 500 }).toEqual(['street:Solmsstraße:0/2', 'street:Bergmannstraße:1/1']);
    expect(seen).toHaveLength(5);
    expect(seen[4]).toMatchObject({ lat: SOLMS(5).latitude.toFixed(6), lon: SOLMS(5).longitude.toFixed(6) });
  });

  it('keeps a stand whose lookup failed in a grid cell, and names its street once the geocoder answers again', async () => {
    failing = true;
    await guestStand('Lutz', BERGMANN(15));
    await expect.poll(() => seen.length, { timeout: 30_000, interval: 200 }).toBeGreaterThan(5);
    expect(await summary()).toEqual(['cell:Bereich 1:0/1', 'street:Solmsstraße:0/2', 'street:Bergmannstraße:1/1']);
    failing = false;
    await expect.poll(summary, { timeout: 30_000, interval: 500 }).toEqual(['street:Solmsstraße:0/2', 'street:Bergmannstraße:1/2']);
  });

  it('shows the streets on the event page, without grid cells', async () => {
    const { page } = await browsers.launch({
      profilePrefix: 'flohmarkt-streets-',
      germanUi: true,
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      viewport: { width: 1280, height: 900 },
    });
    await signInBrowser(page, stack.publicUrl, ORGANISER, { returnTo: `/events/${eventId}`, timeout: 20_000 });

    const card = page.getByRole('region', { name: 'Deine Übersicht' });
    await card.getByRole('heading', { name: 'Stände nach Straße' }).waitFor({ timeout: 20_000 });
    expect(await card.getByRole('columnheader').first().textContent()).toBe('Straße');
    expect(await card.getByRole('rowheader').allTextContents()).toEqual(['Solmsstraße', 'Bergmannstraße']);
    expect(await card.getByText(/Bereich/).count()).toBe(0);
  });
});
