import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustCall } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { launchBrowser, type LaunchedBrowser } from './support/chromium.js';
import { approvedCourtyard, courtyardForm } from './support/courtyards.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * The embeddable map (issue 19, item 4) in Chromium, against the whole product: a club's page on another
 * origin (a node:http server on its own port, reached as 127.0.0.1 while the site is localhost, so
 * another site too) frames /embed/events/{id} and /embed/map and sees the stands and the markets; a link
 * in the frame opens the full site in a new tab; the same page framing the event page itself is refused.
 * The framed event page is saved as a screenshot (E2E_SCREENSHOTS, else test-results/screenshots).
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots');
const ORGANISER = { email: 'vera.verein@example.org', firstName: 'Vera', lastName: 'Verein' };
const CENTRE = { lat: 52.4894, lng: 13.3952 };
const WAIT = 15_000;

let stack: TestStack;
let browser: LaunchedBrowser;
let context: BrowserContext;
let clubSite: http.Server;
let clubOrigin: string;
let eventId: string;
/** Stand number → id. */
const stands = new Map<string, string>();

const json = <T = Record<string, unknown>>(session: HttpSession, method: string, url: string, body?: unknown): Promise<T> =>
  mustCall<T>(stack.publicUrl, session, method, url, body);

/** The club's page: any path answers a page with one iframe of the site address given in ?src=. */
function startClubSite(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://club.invalid').searchParams.get('src') ?? '';
    const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="de"><head><title>Verein</title></head><body><h1>Unser Kiezverein</h1><iframe src="${escaped}" title="Flohmarkt" width="420" height="640" style="border:0"></iframe></body></html>`,
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Opens the club's page framing `sitePath` and gives the frame once its document has loaded. */
async function clubPageFraming(sitePath: string): Promise<{ page: Page; frame: Frame }> {
  const page = await context.newPage();
  await page.goto(`${clubOrigin}/veranstaltungen?src=${encodeURIComponent(`${stack.publicUrl}${sitePath}`)}`);
  const handle = await page.waitForSelector('iframe');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the iframe has no frame');
  await frame.waitForLoadState('load');
  return { page, frame };
}

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  const organiser = new HttpSession(stack.publicUrl);
  await organiser.signIn(ORGANISER);
  const start = new Date(Date.now() + 5 * 86_400_000);
  start.setUTCHours(8, 0, 0, 0);
  const event = await json<{ id: string }>(organiser, 'POST', '/api/events', {
    name: 'Hofflohmarkt Chamissokiez',
    location: 'Chamissoplatz, 10965 Berlin',
    latitude: CENTRE.lat,
    longitude: CENTRE.lng,
    startDateTime: start.toISOString(),
    endDateTime: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
    description: 'Höfe rund um den Platz.',
  });
  eventId = event.id;
  const offsets: Array<[number, number]> = [
    [0.0012, -0.0021],
    [-0.0009, 0.0017],
    [0.0018, 0.0026],
  ];
  for (const [index, [dLat, dLng]] of offsets.entries()) {
    const number = String(index + 1);
    stands.set(number, await approvedCourtyard(stack.publicUrl, organiser, eventId, number, { lat: CENTRE.lat + dLat, lng: CENTRE.lng + dLng }));
  }
  // One more registration the organiser has not approved: anyone's embed leaves it out.
  await json(
    organiser,
    'POST',
    `/api/events/${eventId}/guest-stands`,
    courtyardForm('9', CENTRE, { description: 'Noch nicht bestätigt.', categories: ['Deko'] }),
  );

  clubSite = await startClubSite();
  clubOrigin = `http://127.0.0.1:${(clubSite.address() as AddressInfo).port}`;
  expect(new URL(clubOrigin).origin).not.toBe(new URL(stack.publicUrl).origin);
  browser = await launchBrowser({ locale: 'de-DE', viewport: { width: 900, height: 800 } });
  context = browser.context;
}, 180_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await new Promise((resolve) => (clubSite ? clubSite.close(resolve) : resolve(undefined)));
  await stack?.stop();
});

describe('the embeddable map on another site', () => {
  it("shows the event's approved stands and their map inside the club's page", async () => {
    const { page, frame } = await clubPageFraming(`/embed/events/${eventId}`);
    await frame.getByRole('heading', { level: 1, name: 'Hofflohmarkt Chamissokiez' }).waitFor({ timeout: WAIT });
    const list = frame.getByRole('list', { name: '3 Stände' });
    await list.waitFor({ timeout: WAIT });
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['Stand #1', 'Stand #2', 'Stand #3']);
    expect(await list.getByRole('listitem').first().innerText()).toContain('Hof 1');
    // The map library arrives after the list: one pin per stand.
    await expect.poll(() => frame.locator('.leaflet-marker-icon').count(), { timeout: WAIT }).toBe(3);
    // Neither the site's header nor its footer inside the frame.
    expect(await frame.locator('.site-header, footer').count()).toBe(0);

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'embed-event-in-club-page.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('opens the full site in a new tab from a link in the frame, the club page staying where it is', async () => {
    const { page, frame } = await clubPageFraming(`/embed/events/${eventId}`);
    const link = frame.getByRole('link', { name: 'Stand #2' });
    await link.waitFor({ timeout: WAIT });
    expect(await link.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForURL(`${stack.publicUrl}/stands/${stands.get('2')}`, { timeout: WAIT });
    await tab
      .getByRole('heading', { name: /Stand #2/ })
      .first()
      .waitFor({ timeout: WAIT });
    expect(page.url().startsWith(clubOrigin)).toBe(true);
    await tab.close();
    await page.close();
  }, 60_000);

  it('shows the coming markets around a place (/embed/map) inside the club page', async () => {
    const { page, frame } = await clubPageFraming(`/embed/map?lat=${CENTRE.lat}&lng=${CENTRE.lng}&radiusKm=5`);
    const list = frame.getByRole('list', { name: 'Flohmärkte' });
    await list.waitFor({ timeout: WAIT });
    expect(await list.getByRole('link').allInnerTexts()).toContain('Hofflohmarkt Chamissokiez');
    expect(await frame.getByRole('heading', { level: 1 }).innerText()).toBe('Flohmärkte im Umkreis von 5 km');
    await page.close();
  }, 60_000);

  it('refuses to show the event page itself inside another site', async () => {
    const { page, frame } = await clubPageFraming(`/events/${eventId}`);
    // The club's page has loaded with its frame (goto waits for both): Chromium put its own error page in
    // place of a document whose frame-ancestors forbid the club's page.
    expect(frame.url()).toMatch(/^chrome-error:/);
    expect(
      await frame
        .locator('#root')
        .count()
        .catch(() => 0),
    ).toBe(0);
    // The same browser opens that page as a tab of its own without trouble.
    const own = await context.newPage();
    await own.goto(`${stack.publicUrl}/events/${eventId}`);
    await own.getByRole('heading', { level: 1, name: /Hofflohmarkt Chamissokiez/ }).waitFor({ timeout: WAIT });
    await own.close();
    await page.close();
  }, 60_000);
});
