import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustCall, signedInSession } from './support/api-call.js';
import type { HttpSession, Person } from './support/browser-session.js';
import { cookiesOf } from './support/chromium.js';
import { inDays } from './support/days.js';
import { PageHungError, freshTab, layoutCheck, openRoute, type LayoutGuardOptions } from './support/layout-pages.js';
import { layoutProblems } from './support/layout-probe.js';
import { WEB_DIST, type TestStack } from './support/stack.js';
import { startStackWithBrowser } from './support/stack-with-browser.js';
import { until } from './support/until.js';

/*
 * The layout guard of issue 30: every route of the web app's own route table (web/src/app/routes.tsx,
 * read as text, so a page added there is guarded the day it is added), signed out and as organiser,
 * seller and admin, on phones 360 and 390 px wide (touch, device scale 2) and at 1280 px, with the
 * longest realistic strings: no sideways scrolling, no two visible interactive elements on top of each
 * other or of text, every open dialog, menu and toast inside the viewport, no text cut off by its box
 * (the rules in support/layout-probe.ts). A failure names the element. The menus, dialogs, suggestion
 * lists, toasts and the photo modal are opened on the phone (360 and 390 px) and checked open.
 * Fast by design: one Chromium, the people side by side (a phone and a desktop tab each), each tab moving
 * through the routes inside the app and checking both phone widths by resizing (support/layout-pages.ts).
 * E2E_SCREENSHOTS=<dir> keeps a screenshot of every failing page.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const ROUTES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/app/routes.tsx');
const PATHS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/lib/paths.ts');
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

/** The app's page patterns by name (web/src/lib/paths.ts PAGE_PATTERNS), without their leading slash. */
function pagePatterns(): Record<string, string> {
  const source = readFileSync(PATHS_FILE, 'utf8');
  const block = source.slice(source.indexOf('export const PAGE_PATTERNS'), source.indexOf('} as const;', source.indexOf('export const PAGE_PATTERNS')));
  return Object.fromEntries([...block.matchAll(/^\s+(\w+): '\/([^']*)',$/gm)].map((m) => [m[1] as string, m[2] as string]));
}

/** The paths of the route table, in its order ('' is the index route, '*' the not-found page). */
function routePaths(): string[] {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const patterns = pagePatterns();
  const paths = [...source.matchAll(/\{\s*(index:\s*true|path:\s*(?:PAGE_PATTERNS\.(\w+)|'([^']*)'))/g)].map((m) => {
    if (!m[2]) return m[3] ?? '';
    const pattern = patterns[m[2]];
    if (pattern === undefined) throw new Error(`PAGE_PATTERNS.${m[2]} is not in web/src/lib/paths.ts: has its form changed?`);
    return pattern;
  });
  if (paths.length < 10) throw new Error(`the route table yielded only ${paths.length} paths: has its form changed?`);
  return paths;
}

let stack: TestStack;
/** One Chromium; each person and screen is a context of its own (own cookies). */
let browser: Browser;
/** Each person's signed-in session (made once through the identity provider), whose cookies their tabs get. */
let sessions: Record<'signed out' | 'organiser' | 'seller' | 'admin', HttpSession | null>;
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
  ({ stack, browser } = await startStackWithBrowser({ webDist: WEB_DIST, adminEmails: ADMIN.email }));
  const organiser = await signedInSession(stack.publicUrl, ORGANISER.email, ORGANISER.firstName, ORGANISER.lastName);
  const seller = await signedInSession(stack.publicUrl, SELLER.email, SELLER.firstName, SELLER.lastName);
  const admin = await signedInSession(stack.publicUrl, ADMIN.email, ADMIN.firstName, ADMIN.lastName);
  sessions = { 'signed out': null, organiser, seller, admin };
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
  // Two photos, so the stand page's photo modal opens with its previous and next buttons and indicators.
  for (const background of ['#2b4162', '#c3cbd6']) {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .jpeg()
      .toBuffer();
    await call(seller, 'POST', `/api/stands/${sellerStand.id}/photos`, {
      photoData: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      fileName: 'stand.jpg',
    });
  }
  await until(
    'the photos processed',
    async () => {
      const { photoStates } = await call<{ photoStates?: { state: string }[] }>(seller, 'GET', `/api/stands/${sellerStand.id}`);
      return photoStates?.length === 2 && photoStates.every((photo) => photo.state === 'ready');
    },
    60_000,
  );
  // An item with a title of the longest allowed length, held by the organiser (issue 35): the stand page's items,
  // the seller's list of holds, the hold's page and "Meine Reservierungen" are laid out with it.
  const item = await call<{ id: string }>(seller, 'POST', `/api/stands/${sellerStand.id}/items`, {
    title: longText(80, `Kinderfahrrad ${UNBROKEN}`),
    price: { kind: 'negotiable', cents: 123_456 },
    category: 'Bücher',
  });
  const hold = await call<{ id: string }>(organiser, 'POST', `/api/items/${item.id}/holds`);
  await call(seller, 'PATCH', `/api/holds/${hold.id}`, { decision: 'accept' });
  // Pending, so the organiser's review list has a row with its buttons, and the guest's manage page a stand.
  const guest = await call<{ manageUrl: string }>(null, 'POST', `/api/events/${event.id}/guest-stands`, {
    guestFirstName: 'Hannelore-Gundula',
    guestEmail: 'hannelore.gundula.layout@example.org',
    ...stand(['Spielzeug', 'Bücher']),
  });
  // A helper's invite (issue 36): its page shows the market the code invites to, with the long name.
  const invite = await call<{ code: string }>(organiser, 'POST', `/api/events/${event.id}/team-invites`, { role: 'helper', expiresAt: inDays(7, 12) });
  samples = {
    'events/:id': event.id,
    ':eventId': event.id,
    'stands/:id': sellerStand.id,
    ':standId': sellerStand.id,
    'exhibitors/:id': seller.id,
    ':userId': seller.id,
    'anmeldung/:token': guest.manageUrl.split('/').pop() ?? '',
    'holds/:id': hold.id,
    'team/:code': invite.code,
    // Links from mails whose tokens the guard does not read: their pages' 'unknown link' state is laid out too.
    ':token': 'AAAAAAAAAAAAAAAAAAAAAA',
  };
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

type Who = 'signed out' | 'organiser' | 'seller' | 'admin';
/** Each person's tabs, opened once and kept for every test: a phone and a desktop, both with the person's session. */
const screens = new Map<Who, Promise<{ phone: Page; desktop: Page }>>();
function screensOf(who: Who): Promise<{ phone: Page; desktop: Page }> {
  const opened =
    screens.get(who) ??
    (async () => {
      const session = sessions[who];
      const [phone, desktop] = await Promise.all(
        [PHONE, DESKTOP].map(async (screen) => {
          const context = await browser.newContext({
            locale: 'de-DE',
            timezoneId: 'Europe/Berlin',
            // 'Teilen' copies the link where a phone cannot share: allowed, so its toast shows.
            permissions: ['clipboard-read', 'clipboard-write'],
            ...screen,
          });
          // The browser cookies of the person's signed-in HTTP session: the tab is that person without signing in again.
          if (session) await context.addCookies(cookiesOf(session, stack.publicUrl));
          return context.newPage();
        }),
      );
      return { phone: phone!, desktop: desktop! };
    })();
  screens.set(who, opened);
  return opened;
}

const guard = (): LayoutGuardOptions => ({ baseUrl: stack.publicUrl, timeout: WAIT, screenshots: SCREENSHOTS });

/**
 * Every route at the phone widths and at 1280 px, in the person's two tabs side by side. A tab that
 * stops answering (one CI run's renderer did, once, and held three tests until their timeouts) is
 * replaced by a new one and the route looked at again, once, with a warning that names it; a route
 * that hangs its new tab too fails the test by name.
 */
async function guardRoutes(who: Who): Promise<string[]> {
  const tabs = await screensOf(who);
  const visit = async (screen: 'phone' | 'desktop', widths: number[]) => {
    const found: string[] = [];
    for (const url of routePaths().map(concrete)) {
      const look = async (page: Page) => {
        await openRoute(page, url, guard());
        // A signed-in person is never sent to sign in: their pages would go unmeasured.
        const sentAway = who !== 'signed out' && new URL(page.url()).pathname.startsWith('/oidc/') ? [`${who} ${url}: sent to sign in`] : [];
        return [...sentAway, ...(await layoutCheck(page, `${who} ${url}`, widths, guard()))];
      };
      try {
        found.push(...(await look(tabs[screen])));
      } catch (error) {
        if (!(error instanceof PageHungError)) throw error;
        process.stderr.write(`layout guard: ${who} ${url} on the ${screen}: ${error.message}; once more in a new tab\n`);
        tabs[screen] = await freshTab(tabs[screen]);
        found.push(...(await look(tabs[screen])));
      }
    }
    return found;
  };
  return (await Promise.all([visit('phone', PHONES), visit('desktop', [DESKTOP.viewport.width])])).flat();
}

/**
 * Opens an overlay as the person would (`open`), waits until `shows` is visible, checks the page with it at
 * the given widths, and closes it with Escape (what every dialog, menu and suggestion list answers to).
 */
async function withOverlay(page: Page, label: string, open: () => Promise<unknown>, shows: string, widths = PHONES): Promise<string[]> {
  try {
    await open();
    await page.locator(shows).first().waitFor({ state: 'visible', timeout: WAIT });
    // A popup in the page (a suggestion list under a field low on the screen) is seen by scrolling to it, as a person does.
    await page.locator(shows).first().scrollIntoViewIfNeeded();
  } catch (error) {
    if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${label.replace(/[^a-z0-9]+/gi, '_')}-not-opened.png`) });
    throw error;
  }
  const found = await layoutCheck(page, label, widths, guard());
  if (shows === '.toast') await dismissToasts(page);
  else await page.keyboard.press('Escape');
  await page.locator(shows).first().waitFor({ state: 'hidden', timeout: WAIT });
  return found;
}

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' }).first();
/** Closes the toasts shown, so the next check starts without them. */
async function dismissToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Benachrichtigung schließen' }).all()) await close.click();
}

describe('the layout guard (issue 30)', () => {
  it('reads every route of the app from its route table', () => {
    const paths = routePaths();
    expect(paths).toContain('events/:id');
    expect(paths).toContain('*');
    // Each one gets a real address (a new parameter without a sample fails here by name).
    expect(paths.map(concrete).every((url) => url.startsWith('/'))).toBe(true);
  });

  it('names what it finds: a page wider than the screen, overlapping buttons, text cut off, a dialog off the screen', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.setContent(`
      <p style="width: 500px">Donaudampfschifffahrtsgesellschaft</p>
      <button style="position: absolute; top: 100px; left: 10px; width: 80px">Freigeben</button>
      <button style="position: absolute; top: 105px; left: 50px; width: 80px">Ablehnen</button>
      <div class="cut" style="width: 100px; overflow: hidden; white-space: nowrap">Großer Hof- und Straßenflohmarkt</div>
      <div class="dots" style="width: 100px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">Kinderkleidung und Bücher</div>
      <div class="titled" title="Schallplatten und Geschirr" style="width: 100px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">Schallplatten und Geschirr</div>
      <div class="clamp" title="Werkzeug" style="width: 100px; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 1; overflow: hidden">Werkzeug aus dem Haushalt und Selbstgebackenes</div>
      <dialog style="position: fixed; left: 300px; width: 200px; margin: 0">Ablehnen?</dialog>`);
    const found = (await page.evaluate(layoutProblems, 360)).join('\n');
    expect(found).toMatch(/the page scrolls sideways \(5\d\d px wide in 360 px\): <p> "Donaudampfschifffahrtsgesellschaft"/);
    expect(found).toContain('<button> "Freigeben" and <button> "Ablehnen" overlap');
    expect(found).toMatch(/^<div.cut> "Großer Hof- und Straßenflohmarkt" cuts off its text "Großer Hof- und Straßenflohmarkt"$/m);
    expect(found).toContain(
      '<div.dots> "Kinderkleidung und Bücher" cuts off its text "Kinderkleidung und Bücher" (shortened without the whole text in a title)',
    );
    // A title with only part of the text does not make up for the cut; one with all of it does.
    expect(found).toContain('<div.clamp> "Werkzeug aus dem Haushalt und Selbstgebackenes" cuts off its text');
    expect(found).not.toContain('div.titled');
    // Under an open modal dialog the page is inert: its buttons are no longer compared, the dialog is measured.
    await page.evaluate(() => document.querySelector('dialog')?.showModal());
    const withDialog = (await page.evaluate(layoutProblems, 360)).join('\n');
    await page.close();
    expect(withDialog).toMatch(/<dialog> "Ablehnen\?" is not inside the viewport \(300,\d+ to 5\d\d,\d+ in 360x640\)/);
    expect(withDialog).not.toContain('overlap');
  });

  for (const who of ['signed out', 'organiser', 'seller', 'admin'] as const) {
    it(`lays out every route ${who === 'signed out' ? 'signed out' : `as ${who}`} at 360, 390 and 1280 px`, async () => {
      expect(await guardRoutes(who)).toEqual([]);
    }, 300_000);
  }

  it('keeps the menus open inside the screen: the mobile menu at 360 and 390 px, the account menu at 1280 px', async () => {
    const found: string[] = [];
    for (const who of ['organiser', 'seller', 'admin'] as const) {
      const { phone, desktop } = await screensOf(who);
      const eventUrl = concrete('events/:id');
      await Promise.all([openRoute(phone, eventUrl, guard()), openRoute(desktop, eventUrl, guard())]);
      found.push(...(await withOverlay(phone, `${who} ${eventUrl} with the menu`, () => button(phone, 'Menü öffnen').click(), '.mobile-menu__panel')));
      found.push(
        ...(await withOverlay(desktop, `${who} ${eventUrl} with the account menu`, () => button(desktop, /^Benutzermenü/).click(), '.dropdown', [
          DESKTOP.viewport.width,
        ])),
      );
    }
    expect(found).toEqual([]);
  }, 180_000);

  it("keeps the organiser's dialogs, suggestions and toasts inside a phone's screen at 360 and 390 px", async () => {
    const { phone } = await screensOf('organiser');
    const eventUrl = concrete('events/:id');
    const found: string[] = [];
    await openRoute(phone, eventUrl, guard());
    const qr = `organiser ${eventUrl} with the QR dialog`;
    await button(phone, /QR-Code/).click();
    await phone.locator('dialog[open] .qr-code__image').waitFor({ state: 'visible', timeout: WAIT });
    found.push(...(await layoutCheck(phone, qr, PHONES, guard())));
    await phone.keyboard.press('Escape');
    await phone.locator('dialog[open]').waitFor({ state: 'hidden', timeout: WAIT });
    found.push(...(await withOverlay(phone, `organiser ${eventUrl} with the share toast`, () => button(phone, 'Teilen').click(), '.toast')));
    found.push(...(await withOverlay(phone, `organiser ${eventUrl} with the map in full screen`, () => button(phone, /Vollbild/).click(), 'dialog[open]')));
    found.push(...(await withOverlay(phone, `organiser ${eventUrl} with the reject dialog`, () => button(phone, 'Ablehnen').click(), 'dialog[open]')));
    const editUrl = concrete('events/:id/edit');
    await openRoute(phone, editUrl, guard());
    found.push(...(await withOverlay(phone, `organiser ${editUrl} asking to cancel`, () => button(phone, 'Markt absagen').click(), 'dialog[open]')));
    await openRoute(phone, '/create-event', guard());
    found.push(
      ...(await withOverlay(
        phone,
        'organiser /create-event with address suggestions',
        () => phone.getByRole('combobox').first().pressSequentially('Köln'),
        '[role="listbox"] [role="option"]',
      )),
    );
    expect(found).toEqual([]);
  }, 180_000);

  // A toast that comes while a modal dialog is open (the QR dialog's 'QR-Code heruntergeladen') is rendered
  // into the dialog: in the page it would lie beneath the dialog's backdrop, dimmed and out of reach.
  it("keeps the QR dialog's download toast above the dialog and inside a phone's screen", async () => {
    const { phone } = await screensOf('organiser');
    const eventUrl = concrete('events/:id');
    await openRoute(phone, eventUrl, guard());
    await button(phone, /QR-Code/).click();
    await button(phone, 'QR-Code herunterladen').click();
    await phone.locator('.toast').first().waitFor({ state: 'visible', timeout: WAIT });
    const found = await layoutCheck(phone, `organiser ${eventUrl} with the QR dialog and its toast`, PHONES, guard());
    await phone.keyboard.press('Escape');
    await phone.locator('dialog[open]').waitFor({ state: 'hidden', timeout: WAIT });
    await dismissToasts(phone);
    expect(found).toEqual([]);
  }, 120_000);

  it("keeps the seller's photo modal, the admin's and the guest's confirmations and the place suggestions inside a phone's screen", async () => {
    const found: string[] = [];
    const seller = (await screensOf('seller')).phone;
    const standUrl = concrete('stands/:id');
    await openRoute(seller, standUrl, guard());
    found.push(...(await withOverlay(seller, `seller ${standUrl} with the photo modal`, () => button(seller, /vergrößern$/).click(), 'dialog[open] img')));
    await openRoute(seller, '/my-stands', guard());
    found.push(...(await withOverlay(seller, 'seller /my-stands asking to withdraw', () => button(seller, 'Zurückziehen').click(), 'dialog[open]')));
    const admin = (await screensOf('admin')).phone;
    await openRoute(admin, '/admin', guard());
    found.push(...(await withOverlay(admin, 'admin /admin asking to delete a user', () => button(admin, /^Löschen:/).click(), 'dialog[open]')));
    const visitor = (await screensOf('signed out')).phone;
    await openRoute(visitor, '/', guard());
    found.push(
      ...(await withOverlay(
        visitor,
        'signed out / with place suggestions',
        () => visitor.getByRole('combobox').first().pressSequentially('Köln'),
        '[role="listbox"] [role="option"]',
      )),
    );
    const guestUrl = concrete('anmeldung/:token');
    await openRoute(visitor, guestUrl, guard());
    found.push(
      ...(await withOverlay(visitor, `guest ${guestUrl} asking to withdraw`, () => button(visitor, 'Anmeldung zurückziehen').click(), 'dialog[open]')),
    );
    expect(found).toEqual([]);
  }, 180_000);
});
