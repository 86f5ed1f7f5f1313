import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustCall } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { Browsers, signInBrowser } from './support/chromium.js';
import { approvedCourtyard, courtyardForm } from './support/courtyards.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * The offline event page (issue 19, item 6) in Chromium at phone size, against the whole product:
 * a visitor opens an event page once and marks a stand; then the server cannot be reached and the
 * phone loses its network, and a reload still shows the stands,
 * the hearts, the Merkliste with 'Meine Runde', the photo and the map tiles already seen come from the
 * service worker, and the banner says the data may be old. The organiser's own view of the stand
 * list (pending stands) is never kept. Chromium's own installability check passes on the manifest.
 */

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const ORGANISER = { email: 'olga.offline@example.org', firstName: 'Olga', lastName: 'Offline' };
const CENTRE = { lat: 51.3397, lng: 12.3731 };
const SCREENSHOT = process.env.OFFLINE_SCREENSHOT;

/** A real 1×1 PNG: the stand-in tile server's answer, told apart from the proxy's grey fallback tile. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let stack: TestStack;
let tileServer: http.Server;
let tilesAsked = 0;
let eventId: string;
let pendingStandId: string;
/** The thumbnail of stand #1's photo, as the stand card shows it. */
let thumbnailPath: string;
const browsers = new Browsers();

const json = <T = Record<string, unknown>>(session: HttpSession, method: string, url: string, body?: unknown): Promise<T> =>
  mustCall<T>(stack.publicUrl, session, method, url, body);

function newPhone(): Promise<{ context: BrowserContext; page: Page }> {
  return browsers.launch({ locale: 'de-DE', ...PHONE });
}

/** Paths the service worker has kept in one of its caches. */
function keptPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, cacheName);
}

/** Waits until the service worker controls the page (the first visit is taken over without a reload). */
async function controlled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

/** Uploads a photo to the stand (the organiser may) and waits until the worker has written its thumbnail. */
async function photoOf(organiser: HttpSession, standId: string): Promise<string> {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0603a' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  // The upload answers the stand's photo list at once (the stand read learns of it a moment later).
  const { photos } = await json<{ photos: string[] }>(organiser, 'POST', `/api/stands/${standId}/photos`, {
    photoData: `data:image/jpeg;base64,${photo.toString('base64')}`,
    fileName: 'hof.jpg',
  });
  const thumbnail = photos[0]!.replace(/\.jpg$/, '.thumb.jpg');
  await until(`${thumbnail} served`, async () => (await fetch(`${stack.publicUrl}${thumbnail}`)).status === 200, 60_000, 250);
  // The stand list shows a photo only once the stand read has learned it is ready (a message from the
  // media worker, later than the file on a loaded machine). The organiser's view is never cached.
  await until(
    `${photos[0]} ready in the stand list`,
    async () => {
      const list = await json<Array<{ id: string; photoStates: Array<{ path: string; state: string }> }>>(organiser, 'GET', `/api/events/${eventId}/stands`);
      return list.some((stand) => stand.id === standId && stand.photoStates.some((entry) => entry.path === photos[0] && entry.state === 'ready'));
    },
    60_000,
    250,
  );
  return thumbnail;
}

beforeAll(async () => {
  tileServer = http.createServer((req, res) => {
    tilesAsked += 1;
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': TILE_PNG.length });
    res.end(TILE_PNG);
  });
  tileServer.listen(0, '127.0.0.1');
  await new Promise((resolve) => tileServer.once('listening', resolve));
  const tilePort = (tileServer.address() as AddressInfo).port;
  stack = await startTestStack({ webDist: WEB_DIST, gatewayEnv: { TILE_UPSTREAM: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png` } });

  const organiser = new HttpSession(stack.publicUrl);
  await organiser.signIn(ORGANISER);
  const start = new Date(Date.now() + 5 * 86_400_000);
  start.setUTCHours(8, 0, 0, 0);
  const event = await json<{ id: string }>(organiser, 'POST', '/api/events', {
    name: 'Hofflohmarkt Südvorstadt',
    location: 'Karl-Liebknecht-Straße, 04275 Leipzig',
    latitude: CENTRE.lat,
    longitude: CENTRE.lng,
    startDateTime: start.toISOString(),
    endDateTime: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
    description: 'Höfe in der ganzen Südvorstadt.',
  });
  eventId = event.id;
  const offsets: Array<[number, number]> = [
    [0.0012, -0.0016],
    [-0.0009, 0.0021],
    [0.0004, 0.0008],
  ];
  for (const [index, [dLat, dLng]] of offsets.entries()) {
    const standId = await approvedCourtyard(stack.publicUrl, organiser, eventId, String(index + 1), { lat: CENTRE.lat + dLat, lng: CENTRE.lng + dLng });
    if (index === 0) thumbnailPath = await photoOf(organiser, standId);
  }
  // Only the organiser sees this one (pending): the public's list has three stands.
  const pending = await json<{ id: string }>(
    organiser,
    'POST',
    `/api/events/${eventId}/guest-stands`,
    courtyardForm('4', CENTRE, { guestFirstName: 'Noch', guestLastName: 'Nicht-Freigegeben', description: 'Wartet auf die Freigabe.', categories: ['Deko'] }),
  );
  pendingStandId = pending.id;
}, 180_000);

afterAll(async () => {
  await browsers.closeAll();
  await stack?.stop();
  await new Promise((resolve) => tileServer?.close(resolve));
});

describe('the offline event page at phone size', () => {
  it("never keeps the organiser's own views (the stand list with pending stands, the event as they read it): they say Cache-Control: private", async () => {
    const organiser = new HttpSession(stack.publicUrl);
    await organiser.signIn(ORGANISER);
    const own = await organiser.fetch(`/api/events/${eventId}/stands`);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(((await own.json()) as Array<{ id: string }>).map((s) => s.id)).toContain(pendingStandId);
    const anonymous = await fetch(`${stack.publicUrl}/api/events/${eventId}/stands`);
    expect(anonymous.headers.get('cache-control')).toBeNull();

    const { page } = await newPhone();
    await signInBrowser(page, stack.publicUrl, ORGANISER);
    await controlled(page);
    await page.goto(`${stack.publicUrl}/events/${eventId}`);
    // The organiser sees the pending stand; the worker passed the list through without keeping it.
    await page.getByRole('button', { name: 'Stand #4 merken' }).waitFor();
    expect(await page.getByText('ausstehend', { exact: true }).count()).toBeGreaterThan(0);
    // Every answer to a signed-in request is private (issue 29): the worker passes them through unkept.
    expect((await organiser.fetch(`/api/events/${eventId}`)).headers.get('cache-control')).toBe('private, no-store');
    await page.waitForTimeout(1500);
    const kept = await keptPaths(page, 'flohmarkt-api-v1');
    expect(kept).not.toContain(`/api/events/${eventId}`);
    expect(kept).not.toContain(`/api/events/${eventId}/stands`);
  }, 120_000);

  it("passes Chromium's installability check: manifest with name, icons 192/512 and maskable, standalone, and a worker that controls the page", async () => {
    const { context, page } = await newPhone();
    await page.goto(`${stack.publicUrl}/`);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${stack.publicUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      short_name: string;
      lang: string;
      display: string;
      start_url: string;
      icons: Array<{ sizes: string; purpose?: string }>;
    };
    expect(parsed).toMatchObject({ short_name: 'Flohmarkt', lang: 'de', display: 'standalone', start_url: '/' });
    expect(parsed.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) {
      const res = await fetch(`${stack.publicUrl}${icon}`);
      expect(res.status, icon).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }).installabilityErrors.map((e) => e.errorId),
        { timeout: 15_000 },
      )
      .toEqual([]);
    // The worker is served fresh every time, from the root, allowed by the page's policy.
    const worker = await fetch(`${stack.publicUrl}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-security-policy')).toContain("worker-src 'self'");
  }, 90_000);

  // Last: it takes the gateway down for good.
  it('opens an event page once visited without server and network: stands, the marked stand, the Merkliste with its round, the photo and tiles seen, and the banner', async () => {
    const { context, page } = await newPhone();
    await page.goto(`${stack.publicUrl}/events/${eventId}`);
    await page.getByRole('button', { name: 'Stand #1 merken' }).waitFor();
    await page.locator('img.leaflet-tile-loaded').first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('status').filter({ hasText: 'offline' }).count()).toBe(0);

    // The photo of stand #1 is seen (the card's thumbnail loads lazily, once scrolled to).
    const photo = page.locator(`img.stand-card__photo[src="${thumbnailPath}"]`);
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The first visit is taken over by the worker, which keeps what the page loaded before (CACHE_URLS).
    await controlled(page);
    await expect
      .poll(() => keptPaths(page, 'flohmarkt-api-v1'), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([`/api/events/${eventId}`, `/api/events/${eventId}/stands`]));
    await expect.poll(async () => (await keptPaths(page, 'flohmarkt-tiles-v1')).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const tilesSeen = await keptPaths(page, 'flohmarkt-tiles-v1');
    await expect.poll(() => keptPaths(page, 'flohmarkt-photos-v1'), { timeout: 30_000 }).toEqual([thumbnailPath]);
    // Nothing personal is ever kept: the signed-in state, the account's favourites.
    expect((await keptPaths(page, 'flohmarkt-api-v1')).filter((p) => !p.startsWith(`/api/events/${eventId}`))).toEqual([]);

    const heart = page.getByRole('button', { name: 'Stand #1 merken' });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    // The server is gone (as in a courtyard without reception): the page, the API and the tiles
    // cannot be reached, by the page nor by its worker. The browser itself still thinks it is online.
    const tileAnswers: Response[] = [];
    const photoAnswers: Response[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/tiles/')) tileAnswers.push(response);
      if (pathname === thumbnailPath) photoAnswers.push(response);
    });
    const asked = tilesAsked;
    // Gone at once: a graceful stop would wait up to 10 s for the connection the browser keeps open.
    await stack.group.stopOne(stack.entries.gateway!, 0);
    await page.reload();

    // The page opened from the app shell; the event and its stands from the worker's copy, which it says.
    const banner = page.getByRole('status').filter({ hasText: 'die Daten können veraltet sein' });
    await banner.filter({ hasText: 'Keine Verbindung zum Server' }).waitFor({ timeout: 20_000 });
    expect(await banner.innerText()).toMatch(
      /^Keine Verbindung zum Server – die Daten können veraltet sein\. Stand: \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr\.\s*Neu laden$/,
    );
    await page.getByRole('heading', { name: /Hofflohmarkt Südvorstadt/ }).waitFor();
    for (const number of ['1', '2', '3']) await page.getByRole('button', { name: `Stand #${number} merken` }).waitFor();
    expect(await page.getByRole('button', { name: 'Stand #4 merken' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Stand #1 merken' }).getAttribute('aria-pressed')).toBe('true');

    // The tiles seen before come from the worker's cache: the tile server is not asked.
    await page.locator('img.leaflet-tile-loaded').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => tileAnswers.filter((r) => r.fromServiceWorker() && r.status() === 200).length).toBeGreaterThan(0);
    const fromCache = tileAnswers.filter((r) => r.fromServiceWorker() && r.status() === 200);
    expect(fromCache.every((r) => tilesSeen.includes(new URL(r.url()).pathname))).toBe(true);
    expect((await fromCache[0]!.body()).equals(TILE_PNG)).toBe(true);
    expect(tilesAsked).toBe(asked);

    // So does the photo seen before.
    const offlinePhoto = page.locator(`img.stand-card__photo[src="${thumbnailPath}"]`);
    await offlinePhoto.scrollIntoViewIfNeeded();
    await expect.poll(() => offlinePhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(photoAnswers.map((r) => [r.fromServiceWorker(), r.status()])).toEqual([[true, 200]]);
    if (SCREENSHOT) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOT}-no-server.png` });
    }

    // Now the phone loses its network too: the banner says so.
    await context.setOffline(true);
    await banner.filter({ hasText: 'Du bist offline' }).waitFor();
    expect(await banner.innerText()).toContain('Du bist offline – die Daten können veraltet sein.');
    if (SCREENSHOT) await page.screenshot({ path: `${SCREENSHOT}-event.png` });

    // The Merkliste and 'Meine Runde' work offline too (marked in this browser, planned in the page).
    await page.getByRole('link', { name: /Gemerkte Stände \(1\)/ }).click();
    await page.waitForURL(`${stack.publicUrl}/events/${eventId}/merkliste`);
    await expect.poll(() => page.getByRole('list', { name: 'Gemerkte Stände' }).getByRole('link').allInnerTexts(), { timeout: 15_000 }).toHaveLength(1);
    await page.getByRole('button', { name: 'Runde berechnen' }).click();
    await page.getByRole('heading', { name: 'Meine Runde' }).waitFor();
    if (SCREENSHOT) await page.screenshot({ path: `${SCREENSHOT}-merkliste.png`, fullPage: true });

    // A page never loaded before opens from the app shell (the router takes over), with the kept data.
    await page.reload();
    await page.getByRole('heading', { name: 'Merkliste' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Gemerkte Stände' }).getByRole('link').allInnerTexts(), { timeout: 15_000 }).toHaveLength(1);
    await page.getByRole('status').filter({ hasText: 'Du bist offline' }).waitFor();

    // Back online (the server still gone): the page showed kept data, so the banner offers a reload.
    await context.setOffline(false);
    await banner.filter({ hasText: 'Wieder online' }).waitFor();
    expect(await page.getByRole('button', { name: 'Neu laden' }).count()).toBe(1);

    // Offline again, a market never visited (followed inside the app) says there is no connection at once, never a spinner for ever.
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: 'Du bist offline' }).waitFor();
    await page.evaluate(() => {
      window.history.pushState(null, '', '/events/00000000-0000-4000-8000-000000000000');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText('Keine Verbindung. Bitte prüfe deine Internetverbindung.').waitFor({ timeout: 10_000 });
  }, 180_000);
});
