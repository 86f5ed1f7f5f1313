import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { mustCall } from '../support/api-call.js';
import type { HttpSession, Person } from '../support/browser-session.js';
import { signInBrowser, waitVisible } from '../support/chromium.js';
import type { Mailbox } from '../support/mailbox.js';
import type { TestStack } from '../support/stack.js';

/*
 * What the five journeys of issue 30 share: one stack, one Chromium, and a phone per person (a context
 * of its own: own cookies, own sign-in at the development identity provider, own service worker),
 * 390×844 with touch at device scale 2, in German, as the layout guard holds its phones.
 * E2E_SCREENSHOTS=<dir> keeps a screenshot of every step that calls shot(), and of a failed wait.
 */

export const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const WAIT = 20_000;

/** Set by the spec's beforeAll; the journeys read it inside their steps. */
export const world = {} as { stack: TestStack; browser: Browser; mailbox: Mailbox };

export const url = (pathname: string): string => `${world.stack.publicUrl}${pathname}`;

/** A fixture step through the API (what other people did before the journey): throws when it fails. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const fixture = <T = any>(who: HttpSession | null, method: string, pathname: string, body?: unknown): Promise<T> =>
  mustCall<T>(world.stack.publicUrl, who, method, pathname, body);

/** A phone of its own for one person; signed in through the identity provider's form when `person` is given. */
export async function phone(person?: Person, options: { returnTo?: string; geolocation?: { latitude: number; longitude: number } } = {}): Promise<Page> {
  const context: BrowserContext = await world.browser.newContext({
    ...PHONE,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write', ...(options.geolocation ? ['geolocation'] : [])],
    geolocation: options.geolocation,
  });
  const page = await context.newPage();
  if (person) await signInBrowser(page, world.stack.publicUrl, person, { returnTo: options.returnTo ?? '/', timeout: WAIT });
  return page;
}

export const visible = (locator: Locator): Promise<void> =>
  waitVisible(locator, { timeout: WAIT, failureShot: SCREENSHOTS && path.join(SCREENSHOTS, 'journey-failed') });

/** A toast as the person reads it (the toasts' live region). */
export const toast = (page: Page, text: string | RegExp): Locator => page.getByRole('region', { name: 'Benachrichtigungen' }).getByText(text);

/** How far the page reaches beyond the phone's width (0: nothing scrolls sideways). */
export const sideways = (page: Page): Promise<number> =>
  page.evaluate((width) => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - width, PHONE.viewport.width);

/** Whether the element lies inside the phone's screen right now (scrolled into view, not under the edge). */
export const onScreen = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });

export async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `journey-${name}.png`) });
}

/** Opens the phone's menu and follows one of its entries. */
export async function viaMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await page.getByRole('region', { name: 'Menü' }).getByRole('link', { name: entry, exact: true }).click();
}

/** When the journeys were loaded: every date counts from it, so a start and an end filled either side of 00:00 UTC fall on one day. */
const LOADED_AT = Date.now();

/** `days` from today at `time`, as a datetime-local input takes it (Berlin's calendar day is close enough here). */
export function localDateTime(days: number, time: string): string {
  const day = new Date(LOADED_AT + days * 24 * 3600 * 1000);
  return `${day.toISOString().slice(0, 10)}T${time}`;
}

/** Distance in km between two points (haversine), for "the market lies where its address says". */
export function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
