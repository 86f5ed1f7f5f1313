import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustCall, signedInSession } from './support/api-call.js';
import type { Person } from './support/browser-session.js';
import { CHROMIUM_PATH, CHROMIUM_QUIET_FLAGS } from '@flohmarkt/launcher/chromium';
import { signInBrowser } from './support/chromium.js';
import { inDays } from './support/days.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * The layout guard of issue 30: every route of the web app's own route table (web/src/app/routes.tsx,
 * read as text, so a page added there is guarded the day it is added), signed out and as organiser,
 * seller and admin, on phones 360 and 390 px wide (touch, device scale 2) and at 1280 px, with the
 * longest realistic strings: no sideways scrolling, no two visible interactive elements on top of each
 * other or of text, every open dialog, menu and toast inside the viewport. A failure names the element.
 * The dialogs people open most (QR code, reject) are opened on the phone too.
 * E2E_SCREENSHOTS=<dir> keeps a screenshot of every failing page.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const ROUTES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/app/routes.tsx');
const PHONES = [360, 390];
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const WAIT = 20_000;

const ORGANISER: Person = { email: 'olga.layout@example.org', firstName: 'Olga-Friederike', lastName: 'Hohenzollern-Sigmaringen' };
const SELLER: Person = { email: 'sven.layout@example.org', firstName: 'Sven-Bartholomäus', lastName: 'Schwarzenberg-Oberhausen' };
const ADMIN: Person = { email: 'ada.layout@example.org', firstName: 'Ada', lastName: 'Administratorin' };

/** Real words up to exactly `length` characters (the allowed maximum), so lines break as they would. */
function longText(length: number, words: string): string {
  let text = words;
  while (text.length < length) text += ` ${words}`;
  return text.slice(0, length).trimEnd().padEnd(length, 'e');
}
const MARKET_NAME = longText(200, 'Großer Hof- und Straßenflohmarkt der Nachbarschaftsinitiative Ehrenfeld-Bickendorf mit Kinderflohmarkt');
const DESCRIPTION = longText(500, 'Gut erhaltene Kinderkleidung, Schallplatten, Bücher, Geschirr und Werkzeug aus dem Haushalt; Selbstgebackenes');
/** One unbroken word as people type them (a compound, a link) must wrap rather than widen the page. */
const UNBROKEN = 'Donaudampfschifffahrtsgesellschaftskapitänsmützensammlung';
const STAND_NUMBER = longText(50, 'Hinterhof Nummer 12 links neben der Garage');

/** The paths of the route table, in its order ('' is the index route, '*' the not-found page). */
function routePaths(): string[] {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const paths = [...source.matchAll(/\{\s*(index:\s*true|path:\s*'([^']*)')/g)].map((m) => m[2] ?? '');
  if (paths.length < 10) throw new Error(`the route table yielded only ${paths.length} paths: has its form changed?`);
  return paths;
}

let stack: TestStack;
/** One Chromium; each person and screen is a context of its own (own cookies, own sign-in). */
let browser: Browser;
/** What each route parameter stands for, by the segment before it (`events/:id`) or its own name. */
let samples: Record<string, string>;

/** A route's path with real ids and tokens; a parameter without a sample fails the guard by name. */
function concrete(routePath: string): string {
  if (routePath === '*') return '/diese-seite-gibt-es-nicht';
  const segments = routePath.split('/');
  return `/${segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const value = samples[`${segments[i - 1]}/${segment}`] ?? samples[segment];
      if (!value) throw new Error(`the layout guard has no sample for ${segment} in ${routePath}: add one to its samples`);
      return value;
    })
    .join('/')}`;
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startTestStack({ webDist: WEB_DIST, adminEmails: ADMIN.email }),
    chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--lang=de-DE', ...CHROMIUM_QUIET_FLAGS] }),
  ]);
  const organiser = await signedInSession(stack.publicUrl, ORGANISER.email, ORGANISER.firstName, ORGANISER.lastName);
  const seller = await signedInSession(stack.publicUrl, SELLER.email, SELLER.firstName, SELLER.lastName);
  const call = <T>(who: typeof organiser | null, method: string, url: string, body?: unknown) => mustCall<T>(stack.publicUrl, who, method, url, body);
  const point = { latitude: 50.9497, longitude: 6.9196 };
  const event = await call<{ id: string }>(organiser, 'POST', '/api/events', {
    name: MARKET_NAME,
    location: 'Venloer Straße 400, 50825 Köln-Ehrenfeld, Hinterhof der Gemeinschaftsgrundschule',
    description: `${DESCRIPTION.slice(0, 440)} ${UNBROKEN}`.slice(0, 500),
    rules: `Aufbau ab 7 Uhr. ${UNBROKEN}.`,
    contactEmail: 'flohmarkt.nachbarschaftsinitiative.ehrenfeld-bickendorf@example.org',
    websiteUrl: `https://example.org/veranstaltungen/flohmarkt/${UNBROKEN.toLowerCase()}`,
    startDateTime: inDays(14, 8),
    endDateTime: inDays(14, 15),
    ...point,
  });
  const stand = (categories: string[]) => ({
    description: DESCRIPTION,
    categories,
    foodCategories: ['Kuchen'],
    activityCategories: [],
    latitude: point.latitude + 0.0005,
    longitude: point.longitude,
  });
  const sellerStand = await call<{ id: string }>(seller, 'POST', '/api/stands', {
    eventId: event.id,
    standNumber: STAND_NUMBER,
    ...stand(['Bücher', 'Kleidung']),
  });
  await call(organiser, 'PATCH', `/api/stands/${sellerStand.id}/approve-draft`);
  // Pending, so the organiser's review list has a row with its buttons, and the guest's manage page a stand.
  const guest = await call<{ manageUrl: string }>(null, 'POST', `/api/events/${event.id}/guest-stands`, {
    guestFirstName: 'Hannelore-Gundula',
    guestEmail: 'hannelore.gundula.layout@example.org',
    ...stand(['Spielzeug', 'Bücher']),
  });
  samples = {
    'events/:id': event.id,
    ':eventId': event.id,
    'stands/:id': sellerStand.id,
    ':standId': sellerStand.id,
    'exhibitors/:id': seller.id,
    ':userId': seller.id,
    'anmeldung/:token': guest.manageUrl.split('/').pop() ?? '',
    // Links from mails whose tokens the guard does not read: their pages' 'unknown link' state is laid out too.
    ':token': 'AAAAAAAAAAAAAAAAAAAAAA',
  };
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/**
 * Everything wrong with the layout as the page is now, each naming the element (runs in the page).
 * `width` is the viewport the browser was given: a phone widens its layout viewport (innerWidth) to an
 * overflowing page, so the page is measured against the width the person's screen has.
 */
function layoutProblems(width: number): string[] {
  const vh = window.innerHeight;
  const problems: string[] = [];
  const name = (el: Element) => {
    const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return `<${el.tagName.toLowerCase()}${classes}> "${text}"`;
  };
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width >= 2 && r.height >= 2 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };
  /** Whether an ancestor clips the element sideways (a scrolling chip row): it cannot widen the page. */
  const clippedSideways = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
    return false;
  };

  const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth);
  if (scrollWidth > width) {
    // Fixed elements (dialogs, toasts) follow a widened viewport: they suffer from the cause, they are not it.
    const fixed = (el: Element) => {
      for (let p: Element | null = el; p; p = p.parentElement) if (getComputedStyle(p).position === 'fixed') return true;
      return false;
    };
    const wide = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > width + 1 || r.left < -1) && !clippedSideways(el) && !fixed(el);
    });
    // The innermost ones name the cause (a long word, a hidden label); their ancestors only follow them.
    const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
    problems.push(`the page scrolls sideways (${scrollWidth} px wide in ${width} px): ${innermost.slice(0, 3).map(name).join(', ') || 'no element found'}`);
  }

  // Overlays (a modal dialog, the toasts, an open menu) lie over the page by design: each is compared within itself.
  const modal = document.querySelector('dialog:modal');
  const layerOf = (el: Element) => el.closest('dialog, .toast-viewport, [role="menu"]');
  const interactive = Array.from(
    (modal ?? document).querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="menuitem"]'),
  ).filter((el) => shown(el) && !el.closest('.leaflet-container'));
  /** The parts of the rects that show: clipped to every ancestor that hides its overflow (a clamped text, a scrolling row). */
  const clipped = (rects: DOMRect[], el: Node) => {
    let shownRects = rects;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      shownRects = shownRects
        .map(
          (r) =>
            new DOMRect(
              Math.max(r.left, c.left),
              Math.max(r.top, c.top),
              Math.min(r.right, c.right) - Math.max(r.left, c.left),
              Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top),
            ),
        )
        .filter((r) => r.width > 0 && r.height > 0);
    }
    return shownRects;
  };
  // Line boxes, not bounding boxes: a link that wraps covers only its own lines.
  const boxes = new Map(interactive.map((el) => [el, clipped(Array.from(el.getClientRects()), el)]));
  const overlap = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const anyOverlap = (as: DOMRect[], bs: DOMRect[]) => as.some((a) => bs.some((b) => overlap(a, b)));
  const related = (a: Element, b: Element) => a.contains(b) || b.contains(a) || !!a.closest('label')?.contains(b) || !!b.closest('label')?.contains(a);
  for (let i = 0; i < interactive.length; i++) {
    for (let j = i + 1; j < interactive.length; j++) {
      const [a, b] = [interactive[i]!, interactive[j]!];
      if (related(a, b) || layerOf(a) !== layerOf(b)) continue;
      if (anyOverlap(boxes.get(a)!, boxes.get(b)!)) problems.push(`${name(a)} and ${name(b)} overlap`);
    }
  }
  // Text drawn under a button: each text node's line boxes against the interactive elements of its layer.
  const walker = document.createTreeWalker(modal ?? document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const holder = node.parentElement;
    if (!holder || !node.textContent?.trim() || !shown(holder) || holder.closest('.leaflet-container')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = clipped(Array.from(range.getClientRects()), node);
    const over = interactive.find((el) => !related(el, holder) && layerOf(el) === layerOf(holder) && anyOverlap(lines, boxes.get(el)!));
    if (over) problems.push(`${name(over)} lies over the text "${node.textContent.trim().slice(0, 40)}" of ${name(holder)}`);
  }

  for (const el of Array.from(document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"], [role="menu"], .toast, [role="tooltip"]'))) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > width + 0.5 || r.bottom > vh + 0.5)
      problems.push(
        `${name(el)} is not inside the viewport (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${width}x${vh})`,
      );
  }
  return [...new Set(problems)];
}

/** The page's problems at the given widths, each prefixed with where it was seen; a screenshot per failing width. */
async function check(page: Page, label: string, widths: number[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: page.viewportSize()?.height ?? 844 });
    const problems = await measure(page, width);
    if (problems === null) return found;
    if (problems.length === 0) continue;
    found.push(...problems.map((p) => `${label} at ${width} px: ${p}`));
    if (SCREENSHOTS) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${label.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`) });
    }
  }
  return found;
}

/**
 * The page's problems, or null when it left for the identity provider's sign-in form (not the app's page).
 * A page that sends the person elsewhere (sign-in, a non-admin from /admin) is measured where it lands.
 */
async function measure(page: Page, width: number): Promise<string[] | null> {
  for (;;) {
    if (new URL(page.url()).pathname.startsWith('/oidc/')) return null;
    try {
      return await page.evaluate(layoutProblems, width);
    } catch (error) {
      if (!String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState('load');
    }
  }
}

/** Opens the page and waits until the app has drawn it (its main content, no loading spinner left). */
async function open(page: Page, url: string): Promise<void> {
  // A page left a moment ago may still be sending the person to sign in, which aborts this navigation once.
  await page
    .goto(`${stack.publicUrl}${url}`, { waitUntil: 'domcontentloaded' })
    .catch(() => page.goto(`${stack.publicUrl}${url}`, { waitUntil: 'domcontentloaded' }));
  if (new URL(page.url()).pathname.startsWith('/oidc/')) return;
  await page.locator('main').first().waitFor({ state: 'visible', timeout: WAIT });
  await page.waitForFunction(() => !document.querySelector('.spinner, [aria-busy="true"]'), undefined, { timeout: WAIT }).catch(() => undefined);
}

/** Every route at the phone widths and at 1280 px, as the person in the two screens (side by side, to halve the time). */
async function guardRoutes(who: string, phone: Page, desktop: Page): Promise<string[]> {
  const visit = async (page: Page, widths: number[]) => {
    const found: string[] = [];
    for (const url of routePaths().map(concrete)) {
      await open(page, url);
      found.push(...(await check(page, `${who} ${url}`, widths)));
    }
    return found;
  };
  return (await Promise.all([visit(phone, PHONES), visit(desktop, [DESKTOP.viewport.width])])).flat();
}

async function screensFor(person: Person | null): Promise<{ phone: Page; desktop: Page }> {
  const common = { locale: 'de-DE', timezoneId: 'Europe/Berlin' };
  const [phone, desktop] = await Promise.all(
    [PHONE, DESKTOP].map(async (screen) => {
      const page = await (await browser.newContext({ ...common, ...screen })).newPage();
      if (person) await signInBrowser(page, stack.publicUrl, person, { timeout: WAIT });
      return page;
    }),
  );
  return { phone: phone!, desktop: desktop! };
}

describe('the layout guard (issue 30)', () => {
  it('reads every route of the app from its route table', () => {
    const paths = routePaths();
    expect(paths).toContain('events/:id');
    expect(paths).toContain('*');
    // Each one gets a real address (a new parameter without a sample fails here by name).
    expect(paths.map(concrete).every((url) => url.startsWith('/'))).toBe(true);
  });

  for (const [who, person] of [
    ['signed out', null],
    ['organiser', ORGANISER],
    ['seller', SELLER],
    ['admin', ADMIN],
  ] as const) {
    it(`lays out every route ${who === 'signed out' ? 'signed out' : `as ${who}`} at 360, 390 and 1280 px`, async () => {
      const { phone, desktop } = await screensFor(person);
      expect(await guardRoutes(who, phone, desktop)).toEqual([]);
    }, 180_000);
  }

  it("keeps the event page's QR dialog and the organiser's reject dialog inside a phone's screen", async () => {
    const { phone } = await screensFor(ORGANISER);
    const eventUrl = concrete('events/:id');
    await open(phone, eventUrl);
    await phone
      .getByRole('button', { name: /QR-Code/ })
      .first()
      .click();
    await phone.locator('dialog[open]').waitFor({ state: 'visible', timeout: WAIT });
    const found = await check(phone, `organiser ${eventUrl} with the QR dialog`, PHONES);
    await phone.keyboard.press('Escape');
    const reject = phone.getByRole('button', { name: 'Ablehnen', exact: true }).first();
    await reject.scrollIntoViewIfNeeded();
    if (SCREENSHOTS) await phone.screenshot({ path: path.join(SCREENSHOTS, 'review-list-phone.png') });
    await reject.click();
    await phone.locator('dialog[open]').waitFor({ state: 'visible', timeout: WAIT });
    found.push(...(await check(phone, `organiser ${eventUrl} with the reject dialog`, PHONES)));
    if (SCREENSHOTS) await phone.screenshot({ path: path.join(SCREENSHOTS, 'reject-dialog-phone.png') });
    expect(found).toEqual([]);
  }, 120_000);
});
