import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustCall } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { Browsers, signInBrowser } from './support/chromium.js';
import { approvedCourtyard } from './support/courtyards.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * The visitor's day (issue 19) in Chromium at phone size, against the whole product: mark five stands
 * without an account, plan "Meine Runde" from the Merkliste, download the GPX and read it with the
 * browser's XML parser (every marked stand once, in the order the page shows), and open the share link
 * in a fresh browser: the same order, not a new plan. The server's route answer for the same stands has the
 * same order; "Zum Kalender hinzufügen" downloads an .ics that ical.js reads back. After sign-in the browser's hearts are on the account;
 * on the event day the organiser sets a stand's live state on its page and the cards say so.
 */

/** The claim prompt at phone size is saved here (E2E_SCREENSHOTS, else test-results/screenshots). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots');
const shot = (name: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return path.join(SCREENSHOTS, `${name}.png`);
};

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const ORGANISER = { email: 'olaf.ordner@example.org', firstName: 'Olaf', lastName: 'Ordner' };
const VERA = { email: 'vera.besucherin@example.org', firstName: 'Vera', lastName: 'Besucherin' };
const CENTRE = { lat: 52.4894, lng: 13.3952 };

let stack: TestStack;
const browsers = new Browsers();
let eventId: string;
let eventStart: Date;
let eventEnd: Date;
let todayEventId: string;
let todayStandId: string;
let firstPhone: Page;
/** Stand number → id and position. */
const stands = new Map<string, { id: string; lat: number; lng: number }>();

const json = <T = Record<string, unknown>>(session: HttpSession, method: string, url: string, body?: unknown): Promise<T> =>
  mustCall<T>(stack.publicUrl, session, method, url, body);

async function newPhone(): Promise<Page> {
  return (await browsers.launch({ locale: 'de-DE', acceptDownloads: true, ...PHONE })).page;
}

const shownOrder = (page: Page) => page.locator('.route-list__stop').evaluateAll((items) => items.map((item) => item.getAttribute('data-stand-id')));

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  const organiser = new HttpSession(stack.publicUrl);
  await organiser.signIn(ORGANISER);
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(8, 0, 0, 0);
  const event = await json<{ id: string }>(organiser, 'POST', '/api/events', {
    name: 'Hofflohmarkt Bergmannkiez',
    location: 'Bergmannstraße, 10961 Berlin',
    latitude: CENTRE.lat,
    longitude: CENTRE.lng,
    startDateTime: start.toISOString(),
    endDateTime: new Date(start.getTime() + 7 * 3_600_000).toISOString(),
    description: 'Höfe im ganzen Kiez.',
  });
  eventId = event.id;
  eventStart = start;
  eventEnd = new Date(start.getTime() + 7 * 3_600_000);
  // Six courtyards scattered around the square, a few hundred metres apart; five get marked.
  const offsets: Array<[number, number]> = [
    [0.0021, -0.0032],
    [-0.0015, 0.0027],
    [0.0009, 0.0041],
    [-0.0024, -0.0018],
    [0.003, 0.0012],
    [-0.0005, -0.0045],
  ];
  for (const [index, [dLat, dLng]] of offsets.entries()) {
    const number = String(index + 1);
    const point = { lat: CENTRE.lat + dLat, lng: CENTRE.lng + dLng };
    const id = await approvedCourtyard(stack.publicUrl, organiser, eventId, number, point, { categories: index % 2 === 0 ? ['Bücher'] : ['Deko', 'Vintage'] });
    stands.set(number, { id, ...point });
  }

  // A market that runs right now, with one courtyard: the live state can be set today.
  const today = await json<{ id: string }>(organiser, 'POST', '/api/events', {
    name: 'Hofflohmarkt heute',
    location: 'Bergmannstraße, 10961 Berlin',
    latitude: CENTRE.lat,
    longitude: CENTRE.lng,
    startDateTime: new Date(Date.now() - 3_600_000).toISOString(),
    endDateTime: new Date(Date.now() + 3_600_000).toISOString(),
  });
  todayEventId = today.id;
  todayStandId = await approvedCourtyard(stack.publicUrl, organiser, todayEventId, '7', CENTRE, { description: 'Bücher aus dem Hinterhof.' });
}, 180_000);

afterAll(async () => {
  await browsers.closeAll();
  await stack?.stop();
});

describe("the visitor's day at phone size", () => {
  let order: string[] = [];
  let shareUrl = '';

  it('marks five stands without an account, plans the round, and the GPX holds every stand once in the order shown', async () => {
    const page = await newPhone();
    firstPhone = page;
    await page.goto(`${stack.publicUrl}/events/${eventId}`);
    const marked = ['1', '2', '3', '4', '5'];
    for (const number of marked) {
      const heart = page.getByRole('button', { name: `Stand #${number} merken` });
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    }
    expect(await page.getByRole('button', { name: 'Stand #6 merken' }).getAttribute('aria-pressed')).toBe('false');

    // Kept in the browser: a reload still shows the hearts.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Stand #3 merken' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('link', { name: /Gemerkte Stände \(5\)/ }).click();
    await page.waitForURL(`${stack.publicUrl}/events/${eventId}/merkliste`);
    await expect.poll(() => page.getByRole('list', { name: 'Gemerkte Stände' }).getByRole('link').allInnerTexts()).toHaveLength(5);

    await page.getByRole('button', { name: 'Runde berechnen' }).click();
    await page.getByRole('heading', { name: 'Meine Runde' }).waitFor();
    order = (await shownOrder(page)) as string[];
    const markedIds = marked.map((number) => stands.get(number)!.id);
    expect([...order].sort()).toEqual([...markedIds].sort());
    // The numbered markers are on the map, one per stop.
    expect(await page.locator('.route-stop').count()).toBe(5);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'GPX herunterladen' }).click()]);
    expect(download.suggestedFilename()).toBe('meine-runde-hofflohmarkt-bergmannkiez.gpx');
    const gpx = readFileSync((await download.path())!, 'utf8');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length > 0) return null;
      return {
        root: doc.documentElement.localName,
        version: doc.documentElement.getAttribute('version'),
        waypoints: Array.from(doc.getElementsByTagName('wpt')).map((wpt) => ({
          lat: Number(wpt.getAttribute('lat')),
          lng: Number(wpt.getAttribute('lon')),
          name: wpt.getElementsByTagName('name')[0]?.textContent ?? '',
          description: wpt.getElementsByTagName('desc')[0]?.textContent ?? '',
        })),
        track: doc.getElementsByTagName('trkpt').length,
      };
    }, gpx);
    expect(parsed).not.toBeNull();
    expect(parsed!.root).toBe('gpx');
    expect(parsed!.version).toBe('1.1');
    const byPosition = (lat: number, lng: number) => [...stands.values()].find((s) => Math.abs(s.lat - lat) < 1e-6 && Math.abs(s.lng - lng) < 1e-6)?.id;
    expect(parsed!.waypoints.map((w) => byPosition(w.lat, w.lng))).toEqual(order);
    // Each waypoint is named by the stand's label (its number here), described by its place in the round and its categories (issue 33).
    expect(parsed!.waypoints.map((w) => w.description.split('.')[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(parsed!.waypoints[0]!.name).toMatch(/^\d$/);
    expect(parsed!.waypoints[0]!.description).toMatch(/^1\. Halt: \d – (Bücher|Deko, Vintage)$/);
    // Round trip from the first stand: five stops and back.
    expect(parsed!.track).toBe(6);

    shareUrl = await page.getByRole('textbox', { name: 'Link zu dieser Runde' }).inputValue();
    expect(new URL(shareUrl).searchParams.get('reihe')).toBe(order.join(','));

    // 'Route drucken' prints the sheet alone: the stops in order, no site header, buttons or planner.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'GPX herunterladen' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Runde berechnen' }).isVisible()).toBe(false);
    expect(await page.locator('.route-list__stop').count()).toBe(5);
    expect(await page.locator('.route-list__stop').last().isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
  }, 120_000);

  it("plans the same round as the server's route answer for these stands (the contract other clients use)", async () => {
    expect(order).toHaveLength(5);
    // The page planned a round trip on foot from its first stop; the server is asked the same, the stands in another order.
    const query = new URLSearchParams({ stands: [...order].sort().join(','), start: order[0]!, mode: 'walk', loop: 'true' });
    const res = await fetch(`${stack.publicUrl}/api/events/${eventId}/route?${query.toString()}`);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { order: string[]; distanceM: number };
    // A round trip is as long walked either way: the server may go round the other way from the same start.
    const otherWay = [order[0]!, ...order.slice(1).reverse()];
    expect([order, otherWay]).toContainEqual(answer.order);
    // The same length as the page says (its figure rounded to 0.1 km, straight lines without ROUTING_URL).
    const summary = await firstPhone.locator('.route-view__summary').innerText();
    const shown = /· ([\d,]+) (km|m) zu Fuß/.exec(summary);
    expect(shown, summary).not.toBeNull();
    const shownM = Number(shown![1]!.replace(',', '.')) * (shown![2] === 'km' ? 1000 : 1);
    expect(Math.abs(answer.distanceM - shownM)).toBeLessThanOrEqual(shown![2] === 'km' ? 50 : 1);
  }, 30_000);

  it('adds the market to the calendar: the .ics download is one event a real parser reads, in Berlin time, with place and link', async () => {
    const page = await newPhone();
    await page.goto(`${stack.publicUrl}/events/${eventId}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Zum Kalender hinzufügen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const calendar = new ICAL.Component(ICAL.parse(readFileSync((await download.path())!, 'utf8')));
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    ICAL.TimezoneService.register(zones[0]!);
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(1);
    const entry = new ICAL.Event(vevents[0]!);
    expect(entry.summary).toBe('Hofflohmarkt Bergmannkiez');
    expect(entry.location).toBe('Bergmannstraße, 10961 Berlin');
    expect(entry.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(entry.startDate.toJSDate().toISOString()).toBe(eventStart.toISOString());
    expect(entry.endDate.toJSDate().toISOString()).toBe(eventEnd.toISOString());
    expect(vevents[0]!.getFirstPropertyValue('geo')).toEqual([CENTRE.lat, CENTRE.lng]);
    expect(vevents[0]!.getFirstPropertyValue('url')).toBe(`${stack.publicUrl}/events/${eventId}`);
  }, 60_000);

  it('opens the share link in a fresh browser with the same order', async () => {
    expect(shareUrl).not.toBe('');
    const page = await newPhone();
    await page.goto(shareUrl);
    await page.getByRole('heading', { name: 'Meine Runde' }).waitFor();
    expect(await shownOrder(page)).toEqual(order);
    // Nothing is marked in this browser: the round comes from the link alone.
    expect(await page.evaluate(() => localStorage.getItem('flohmarkt.favourites.v1'))).toBeNull();
  }, 60_000);

  it('after sign-in asks, and on "Hinzufügen" keeps the hearts of this browser on the account', async () => {
    await signInBrowser(firstPhone, stack.publicUrl, VERA);
    const onAccount = () => firstPhone.evaluate(async () => ((await (await fetch('/api/me/favourites')).json()) as { stands: string[] }).stands.slice().sort());
    const prompt = firstPhone.getByText('Deine Merkliste auf diesem Gerät (5 Einträge) zu deinem Konto hinzufügen?');
    await prompt.waitFor();
    // Nothing goes to the account before the answer.
    expect(await onAccount()).toEqual([]);
    await firstPhone.screenshot({ path: shot('merkliste-claim-prompt') });
    // The prompt fits the phone: nothing scrolls sideways.
    expect(await firstPhone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await firstPhone.getByRole('button', { name: 'Hinzufügen' }).click();
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(onAccount, { timeout: 15_000 }).toEqual(order.slice().sort());
    await firstPhone.goto(`${stack.publicUrl}/events/${eventId}`);
    // A heart taken back is taken back on the account too.
    await firstPhone.getByRole('button', { name: 'Stand #1 merken' }).click();
    const rest = order.filter((id) => id !== stands.get('1')!.id).sort();
    await expect.poll(onAccount, { timeout: 15_000 }).toEqual(rest);
  }, 60_000);

  it('on a shared phone, the next person finds nothing of the previous one: signed out, the Merkliste and storage are gone; B signs in to an empty Merkliste', async () => {
    await firstPhone.goto(`${stack.publicUrl}/events/${eventId}`);
    await expect.poll(() => firstPhone.getByRole('button', { name: 'Stand #2 merken' }).getAttribute('aria-pressed')).toBe('true');
    await firstPhone.getByRole('button', { name: 'Menü öffnen' }).click();
    await firstPhone.getByRole('link', { name: 'Abmelden' }).click();
    await firstPhone.waitForURL(`${stack.publicUrl}/`);
    // The service worker's copies of what Vera looked at are gone too (the landing page may keep new tiles since).
    const kept = () =>
      firstPhone.evaluate(async () => {
        const seen: string[] = [];
        for (const name of await caches.keys()) {
          if (name.startsWith('workbox-precache')) continue;
          for (const request of await (await caches.open(name)).keys()) seen.push(new URL(request.url).pathname);
        }
        return { local: localStorage.length, session: sessionStorage.length, eventReads: seen.filter((url) => url.startsWith('/api/events/')) };
      });
    expect(await kept()).toEqual({ local: 0, session: 0, eventReads: [] });

    await signInBrowser(firstPhone, stack.publicUrl, { email: 'bernd.nachbar@example.org', firstName: 'Bernd', lastName: 'Nachbar' });
    await firstPhone.goto(`${stack.publicUrl}/events/${eventId}`);
    await firstPhone.getByRole('link', { name: /Gemerkte Stände \(0\)/ }).waitFor();
    expect(await firstPhone.getByRole('button', { name: 'Stand #2 merken' }).getAttribute('aria-pressed')).toBe('false');
    expect(await firstPhone.getByText(/zu deinem Konto hinzufügen\?/).count()).toBe(0);
    const bernds = await firstPhone.evaluate(async () => (await (await fetch('/api/me/favourites')).json()) as { stands: string[]; events: string[] });
    expect(bernds).toEqual({ stands: [], events: [], reminders: [] });
  }, 60_000);

  it("on the event day the organiser sets a stand's live state on its page and the event page shows it", async () => {
    const page = await newPhone();
    await signInBrowser(page, stack.publicUrl, ORGANISER);
    await page.goto(`${stack.publicUrl}/stands/${todayStandId}`);
    await page.getByRole('button', { name: 'Geschlossen' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Geschlossen' }).getAttribute('aria-pressed')).toBe('true');
    await page.locator('.live-badge', { hasText: 'Geschlossen' }).first().waitFor();

    const visitor = await newPhone();
    await visitor.goto(`${stack.publicUrl}/events/${todayEventId}`);
    await visitor.locator('.event-hero .live-badge', { hasText: 'Läuft gerade' }).waitFor();
    await visitor.locator('.stand-card .live-badge', { hasText: 'Geschlossen' }).waitFor();
    // Visitors get no buttons to change it.
    await visitor.goto(`${stack.publicUrl}/stands/${todayStandId}`);
    await visitor.locator('.live-badge', { hasText: 'Geschlossen' }).first().waitFor();
    expect(await visitor.getByRole('button', { name: 'Geöffnet' }).count()).toBe(0);
  }, 60_000);
});
