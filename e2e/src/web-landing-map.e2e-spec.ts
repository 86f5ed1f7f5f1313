import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustCall } from './support/api-call.js';
import { HttpSession } from './support/browser-session.js';
import { launchBrowser, waitVisible, type LaunchedBrowser } from './support/chromium.js';
import { inDays } from './support/days.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * The landing page at a scale where "ask for everything" no longer works (issue 22), in Chromium
 * against the whole product: 60 markets in two cities. Zoomed out, the map shows the server's
 * clusters with counts that add up to what the stats box says is in view; a click on a cluster
 * zooms in until the markets are markers; a pan asks once more and the count follows; the list
 * pages 5 at a time in date order, and nearest first around a place picked from the suggestions.
 * E2E_SCREENSHOTS=<dir> saves the zoomed-out and zoomed-in map.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const WAIT = 15_000;

const ORGANISER = { email: 'clara.cluster@example.org', firstName: 'Clara', lastName: 'Cluster' };
/** Köln: 36 markets on a 6 × 6 grid around the cathedral; Leipzig: 24 on a 6 × 4 grid. */
const CITIES = [
  { name: 'Köln', postcode: '50667', lat: 50.9413, lng: 6.9583, columns: 6, rows: 6 },
  { name: 'Leipzig', postcode: '04109', lat: 51.3397, lng: 12.3731, columns: 6, rows: 4 },
] as const;
const GRID_STEP_DEG = 0.012;
const TOTAL = CITIES.reduce((sum, city) => sum + city.columns * city.rows, 0);

let stack: TestStack;
let browser: LaunchedBrowser;
let page: Page;
/** Every viewport call the page made, in order. */
const viewportCalls: URL[] = [];

const post = (session: HttpSession, url: string, body: unknown): Promise<void> => mustCall(stack.publicUrl, session, 'POST', url, body);

/** 08:00 UTC `days` from now. */
const at = (days: number, hours = 8): string => inDays(days, hours);

const visible = (locator: Locator) => waitVisible(locator, { timeout: WAIT });
const stats = () => page.locator('.map-stats').innerText();
const clusters = () => page.locator('.leaflet-marker-icon.map-cluster');
const eventMarkers = () => page.locator('.leaflet-marker-icon:not(.map-cluster)');
const listNames = () => page.locator('.event-list__name').allInnerTexts();

/** The count the stats box claims for the view, once counted ('36 Flohmärkte im Kartenausschnitt'). */
async function countedInView(): Promise<number | null> {
  const match = /(\d+) Flohm(?:arkt|ärkte) im Kartenausschnitt/.exec(await stats());
  return match ? Number(match[1]) : null;
}

async function clusterCounts(): Promise<number[]> {
  return (await clusters().allInnerTexts()).map((text) => Number(text.trim()));
}

async function shot(name: string, where: 'results' | 'top' = 'results'): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  if (where === 'top') {
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
    return;
  }
  // The map and the list, below the hero and clear of the sticky header; a moment for the popup's fade-in.
  await page.evaluate(() => window.scrollTo(0, (document.querySelector('.results') as HTMLElement).getBoundingClientRect().top + window.scrollY - 90));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  const organiser = new HttpSession(stack.publicUrl);
  await organiser.signIn(ORGANISER);
  let day = 1;
  for (const city of CITIES) {
    for (let row = 0; row < city.rows; row++) {
      for (let column = 0; column < city.columns; column++) {
        const number = row * city.columns + column + 1;
        await post(organiser, '/api/events', {
          name: `${city.name} Flohmarkt ${number}`,
          location: `Marktplatz ${number}, ${city.postcode} ${city.name}`,
          latitude: city.lat + (row - city.rows / 2) * GRID_STEP_DEG,
          longitude: city.lng + (column - city.columns / 2) * GRID_STEP_DEG,
          startDateTime: at(day),
          endDateTime: at(day, 15),
          description: 'Trödel, Bücher und Kinderkleidung. Jeder kann mitmachen.',
        });
        day += 1;
      }
    }
  }

  browser = await launchBrowser({
    profilePrefix: 'flohmarkt-landing-map-',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 900 },
  });
  page = browser.page;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/events/viewport') viewportCalls.push(url);
  });
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await stack?.stop();
});

describe('the landing map at scale', () => {
  it('zoomed out: server clusters whose counts add up to the counted markets in view, and the total', async () => {
    await page.goto(stack.publicUrl);
    await visible(page.locator('.leaflet-container'));
    await expect.poll(countedInView, { timeout: WAIT }).toBe(TOTAL);
    expect(await stats()).toContain(`${TOTAL} insgesamt`);
    await expect.poll(async () => (await clusterCounts()).reduce((sum, n) => sum + n, 0), { timeout: WAIT }).toBe(TOTAL);
    expect((await clusterCounts()).length).toBeGreaterThanOrEqual(2);
    expect(await eventMarkers().count()).toBe(0);
    const [first] = viewportCalls;
    expect(first?.searchParams.get('zoom')).toBe('6');
    expect(first?.searchParams.get('upcoming')).toBe('true');
    expect(first?.searchParams.get('bbox')?.split(',').map(Number)).toHaveLength(4);
    await shot('landing-map-clusters');
  });

  it('a click on a cluster zooms in until the markets are markers, counted in the stats box', async () => {
    // The biggest bubble is Köln's; each click zooms to the box of what it counted.
    for (let click = 0; click < 5 && (await eventMarkers().count()) === 0; click++) {
      const counts = await clusterCounts();
      const biggest = counts.indexOf(Math.max(...counts));
      const before = viewportCalls.length;
      // dispatchEvent: a bubble may sit under the stats box or overlap its neighbour.
      await clusters().nth(biggest).dispatchEvent('click');
      await expect.poll(() => viewportCalls.length, { timeout: WAIT }).toBeGreaterThan(before);
      await expect.poll(countedInView, { timeout: WAIT }).not.toBeNull();
    }
    await visible(eventMarkers());
    const titles = await eventMarkers().evaluateAll((markers) => markers.map((m) => m.getAttribute('title') ?? ''));
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title) => title.startsWith('Köln Flohmarkt '))).toBe(true);
    // Every market in view is on the map: as its own marker or inside a client-side group of overlapping ones.
    const inView = await countedInView();
    const grouped = (await clusterCounts()).reduce((sum, n) => sum + n, 0);
    expect((await eventMarkers().count()) + grouped).toBe(inView);
    expect(Number(viewportCalls.at(-1)?.searchParams.get('zoom'))).toBeGreaterThanOrEqual(10);
    await shot('landing-map-markers');

    // A marker opens its popup with the link to the market.
    await eventMarkers().first().dispatchEvent('click');
    await visible(page.locator('.leaflet-popup').getByRole('link', { name: 'Details anzeigen' }));
  });

  it('a found place shows its markets at once; a pan asks once more, and the count follows what is in view', async () => {
    // Around Köln at zoom 10 (a found place): all its markets in view, counted, and answered as markers.
    const answered = page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === '/api/events/viewport' && url.searchParams.get('zoom') === '10';
    });
    await page.goto(`${stack.publicUrl}/?ort=K%C3%B6ln`);
    await visible(page.locator('.leaflet-container'));
    await expect.poll(countedInView, { timeout: WAIT }).toBe(36);
    const atPlace = (await (await answered).json()) as { clustered: boolean; clusters: unknown[]; events: Array<Record<string, unknown>> };
    expect(atPlace.clustered).toBe(false);
    expect(atPlace.clusters).toEqual([]);
    expect(atPlace.events).toHaveLength(36);
    // Lean markers: what the map and its popup show, never the whole event.
    expect(Object.keys(atPlace.events[0]!).sort()).toEqual(['id', 'latitude', 'location', 'longitude', 'name', 'startDateTime', 'status']);
    // On the map: each market its own marker or inside a client-side group of overlapping ones (9 px apart at zoom 10).
    await expect.poll(async () => (await eventMarkers().count()) + (await clusterCounts()).reduce((sum, n) => sum + n, 0), { timeout: WAIT }).toBe(36);
    await page.waitForTimeout(1000);
    const callsBefore = viewportCalls.length;
    // A person scrolls the map into view before dragging it (on a small screen the search form above may push it down).
    await page.locator('.leaflet-container').scrollIntoViewIfNeeded();
    const box = (await page.locator('.leaflet-container').boundingBox()) as { x: number; y: number; width: number; height: number };
    // Drag the map to the right by most of its width: Köln leaves the view to the east.
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.3, { steps: 12 });
    await page.mouse.up();
    await expect.poll(countedInView, { timeout: WAIT }).toBe(0);
    // One gesture, one request (the pan's moveend, after the settle time).
    await page.waitForTimeout(1000);
    expect(viewportCalls.length - callsBefore).toBe(1);
    expect(await stats()).toContain(`${TOTAL} insgesamt`);
    expect(await clusters().count()).toBe(0);
  });
});

describe('the landing list at scale', () => {
  it('shows 5, then 5 more per click in date order, with the total, until the button is gone', async () => {
    await page.goto(stack.publicUrl);
    await visible(page.getByText(`Zeige 5 von ${TOTAL} Flohmärkten`));
    expect(await listNames()).toEqual(['Köln Flohmarkt 1', 'Köln Flohmarkt 2', 'Köln Flohmarkt 3', 'Köln Flohmarkt 4', 'Köln Flohmarkt 5']);
    const more = page.getByRole('button', { name: 'Weitere Flohmärkte anzeigen' });
    await more.click();
    await visible(page.getByText(`Zeige 10 von ${TOTAL} Flohmärkten`));
    expect((await listNames()).slice(5)).toEqual(['Köln Flohmarkt 6', 'Köln Flohmarkt 7', 'Köln Flohmarkt 8', 'Köln Flohmarkt 9', 'Köln Flohmarkt 10']);
    for (let shown = 10; shown < TOTAL; shown += 5) {
      await more.click();
      await visible(page.getByText(shown + 5 < TOTAL ? `Zeige ${shown + 5} von ${TOTAL} Flohmärkten` : `Zeige alle ${TOTAL} Flohmärkte`));
    }
    expect(await more.count()).toBe(0);
    const names = await listNames();
    expect(names).toHaveLength(TOTAL);
    expect(new Set(names).size).toBe(TOTAL);
    expect(names.at(-1)).toBe('Leipzig Flohmarkt 24');
  });

  it('around a place picked from the suggestions: nearest first, with the distance, 5 at a time', async () => {
    await page.goto(stack.publicUrl);
    const box = page.getByRole('combobox', { name: 'Wo?' });
    await box.fill('Leipzig');
    await visible(page.getByRole('option', { name: /Leipzig/ }));
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await shot('landing-suggestions', 'top');
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toMatch(/^Leipzig/);
    await visible(page.getByRole('heading', { name: 'Gefilterte Flohmärkte' }));
    await visible(page.getByText('Zeige 5 von 24 Flohmärkten'));
    // A market at the searched point itself says so instead of '0 km entfernt'.
    const metas = await page
      .locator('.event-list__meta')
      .filter({ hasText: /km entfernt|am gesuchten Ort/ })
      .allInnerTexts();
    const distances = metas.map((text) => (text.includes('am gesuchten Ort') ? 0 : Number(/([\d,]+) km entfernt/.exec(text)?.[1]?.replace(',', '.'))));
    expect(distances).toHaveLength(5);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect((await listNames()).every((name) => name.startsWith('Leipzig'))).toBe(true);
    await page.getByRole('button', { name: 'Weitere Flohmärkte anzeigen' }).click();
    await visible(page.getByText('Zeige 10 von 24 Flohmärkten'));
  });
});
