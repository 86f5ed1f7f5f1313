import { LANDING_HERO } from '@flohmarkt/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './support/browser-session.js';
import { cathedralMarket } from './support/cathedral-market.js';
import { handledSince, scrapeRequests } from './support/scale-metrics.js';
import { Browsers } from './support/chromium.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * The first paints (issue 22) in Chromium, against the whole product: the landing page's hero and an
 * event page's hero come inside the HTML, so they paint before any script (here: with every script of
 * the app refused), and when the app takes over, the texts stay exactly where they were painted, on a
 * phone and on a wide screen. The event that the first paint reads is kept in the gateway's memory of
 * anonymous reads, so the page's own read of it right after costs the events service nothing.
 */

const ORGANISER = { email: 'frieda.farbe@example.org', firstName: 'Frieda', lastName: 'Farbe' };
const MARKET = 'Flohmarkt im ersten Bild';
const WAIT = 15_000;
const SCREENS = [
  { name: 'phone', viewport: { width: 412, height: 823 } },
  { name: 'wide screen', viewport: { width: 1280, height: 800 } },
];

let stack: TestStack;
let eventId: string;
let organiser: HttpSession;
const browsers = new Browsers();

type Box = { x: number; y: number; width: number; height: number };

/** Where each of `selectors` is on the page, to the pixel. */
async function boxes(page: Page, selectors: string[]): Promise<Record<string, Box | null>> {
  const found: Record<string, Box | null> = {};
  for (const selector of selectors) {
    const box = await page.locator(selector).first().boundingBox();
    found[selector] = box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
  }
  return found;
}

/**
 * The page as a visitor sees it before any of the app's scripts arrive: they are refused. The gateway
 * waits only FIRST_PAINT_WAIT_MS for the event it writes into the page and otherwise sends the page
 * without it (what a visitor then gets is the app's own loading); on a busy test machine that read can
 * be slower once, so a page still without `awaited` is asked for again, a few times, as a visitor
 * reloading would. The read the gateway gave up waiting for lands in its memory meanwhile.
 */
async function withoutScripts(viewport: { width: number; height: number }, path: string, selectors: string[], awaited = selectors[0]) {
  const { page } = await browsers.launch({ viewport, profilePrefix: 'flohmarkt-first-paint-' });
  await page.route('**/assets/*.js', (route) => route.abort());
  for (let attempt = 1; ; attempt++) {
    await page.goto(`${stack.publicUrl}${path}`);
    if ((await page.locator(awaited).count()) > 0 || attempt === 5) break;
  }
  return { page, at: await boxes(page, selectors) };
}

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  organiser = new HttpSession(stack.publicUrl);
  await organiser.signIn(ORGANISER);
  eventId = await cathedralMarket(stack.publicUrl, organiser, MARKET);
}, 180_000);

afterAll(async () => {
  await browsers.closeAll();
  await stack?.stop();
});

describe.each(SCREENS)('first paint on a $name', ({ viewport }) => {
  it("paints the landing page's hero without any script, and the app's search form joins it without moving a line", async () => {
    const selectors = ['.brand__title', '.hero__eyebrow', '.hero__title', '.hero__lead', '.hero__promise'];
    const first = await withoutScripts(viewport, '/', selectors);
    expect(await first.page.locator('.hero__lead').textContent()).toBe(LANDING_HERO.lead);
    expect(await first.page.locator('form, button, input').count()).toBe(0);

    const { page } = await browsers.launch({ viewport, profilePrefix: 'flohmarkt-first-paint-' });
    await page.goto(`${stack.publicUrl}/`);
    await page.getByRole('button', { name: 'Flohmärkte finden' }).waitFor({ timeout: WAIT });
    expect(await boxes(page, selectors)).toEqual(first.at);
  });

  it("paints an event page's hero without any script, and the app's page keeps it in place", async () => {
    const selectors = ['.brand__title', '.event-hero__date', '.event-hero__title', '.event-hero__location'];
    const first = await withoutScripts(viewport, `/events/${eventId}`, selectors, '.event-hero__title');
    expect(await first.page.locator('.event-hero__title').textContent()).toBe(MARKET);
    expect(await first.page.locator('.event-hero__location').textContent()).toBe('Domplatte, Köln');

    const { page } = await browsers.launch({ viewport, profilePrefix: 'flohmarkt-first-paint-' });
    await page.goto(`${stack.publicUrl}/events/${eventId}`);
    await page.getByRole('link', { name: /Route planen/ }).waitFor({ timeout: WAIT });
    expect(await boxes(page, selectors)).toEqual(first.at);
  });
});

describe('the event read of the first paint', () => {
  it("is the one the page's own anonymous read of the event gets, without asking the events service again", async () => {
    const eventReads = async () => {
      const after = await scrapeRequests(`${stack.urls.events}/metrics`);
      return (before: Awaited<ReturnType<typeof scrapeRequests>>) => handledSince(before, after, (s) => s.method === 'GET' && s.route === '/events/:id');
    };
    // A market nobody has read yet (its creation, a write, also clears what the gateway kept).
    const fresh = await cathedralMarket(stack.publicUrl, organiser, 'Flohmarkt ohne zweiten Weg');
    const before = await scrapeRequests(`${stack.urls.events}/metrics`);
    // As in withoutScripts: a page sent without the hero (the read took longer than the gateway waits)
    // is asked for again; the read it gave up waiting for is the one kept, so it is still one read.
    let html = '';
    for (let attempt = 1; attempt <= 5 && !html.includes('event-hero__title'); attempt++)
      html = await (await fetch(`${stack.publicUrl}/events/${fresh}`)).text();
    expect(html).toContain('<h1 class="event-hero__title">Flohmarkt ohne zweiten Weg</h1>');
    const event = await fetch(`${stack.publicUrl}/api/events/${fresh}`);
    expect(event.status).toBe(200);
    expect(((await event.json()) as { name: string }).name).toBe('Flohmarkt ohne zweiten Weg');
    expect((await eventReads())(before)).toBe(1);
  });
});
