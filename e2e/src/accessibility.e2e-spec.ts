import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession, type Person } from './support/browser-session.js';
import { Browsers, signInBrowser } from './support/chromium.js';
import { inDays } from './support/days.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * axe-core on every screen of the web app, public and signed-in, in Chromium against the whole
 * product with real data (events, approved and pending stands, a photo, an exhibitor profile): no
 * violation of impact serious or critical. The rule set is axe's default (WCAG 2.0/2.1/2.2 A and
 * AA, best practices) plus the WCAG rule it still calls experimental that catches a link or button
 * whose accessible name does not contain its visible text (WCAG 2.5.3, label in name).
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const WAIT = 20_000;

const OLGA: Person = { email: 'olga.a11y@example.org', firstName: 'Olga', lastName: 'Organisatorin' };
const PETRA: Person = { email: 'petra.a11y@example.org', firstName: 'Petra', lastName: 'Privat' };
const BLOCKING = new Set(['serious', 'critical']);

type Role = 'visitor' | 'exhibitor' | 'organiser';

interface Screen {
  name: string;
  role: Role;
  url: () => string;
  /** Something that is there only once the page shows its data (not its loading state). */
  ready: string;
  viewport?: { width: number; height: number };
}

let stack: TestStack;
const browsers = new Browsers();
const pages = new Map<string, Page>();
const ids = { event: '', running: '', stand: '', sellerStand: '', seller: '' };

async function must<T = { id: string }>(session: HttpSession, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await session.json<T>(method, url, body);
  if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const at = (days: number, hours = 8): string => inDays(days, hours);

const EVENT = {
  description: 'Trödel, Bücher und Kinderkleidung. Jeder kann mitmachen.',
  rules: 'Aufbau ab 7 Uhr. Keine Neuware.',
  contactEmail: 'kontakt@example.org',
  contactPhone: '030 123 456 78',
  websiteUrl: 'https://example.org/flohmarkt',
};

async function seed(): Promise<void> {
  const olga = new HttpSession(stack.publicUrl);
  await olga.signIn(OLGA);
  ids.event = (
    await must(olga, 'POST', '/api/events', {
      ...EVENT,
      name: 'Berliner Hofflohmarkt',
      location: 'Rosenthaler Platz, 10119 Berlin',
      latitude: 52.5296,
      longitude: 13.4014,
      startDateTime: at(3),
      endDateTime: at(3, 15),
    })
  ).id;
  // Started an hour ago: its stand pages offer reviews.
  ids.running = (
    await must(olga, 'POST', '/api/events', {
      ...EVENT,
      name: 'Leipziger Sonntagsmarkt',
      location: 'Augustusplatz, 04109 Leipzig',
      latitude: 51.3397,
      longitude: 12.3807,
      startDateTime: new Date(Date.now() - 3_600_000).toISOString(),
      endDateTime: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    })
  ).id;
  const guest = (fields: Record<string, unknown>) =>
    must(olga, 'POST', `/api/events/${ids.event}/guest-stands`, {
      description: 'Gut erhaltene Sachen aus dem Haushalt.',
      foodCategories: [],
      activityCategories: [],
      ...fields,
    });
  ids.stand = (
    await guest({
      standNumber: '1',
      guestFirstName: 'Gustav',
      guestLastName: 'Gärtner',
      categories: ['Bücher', 'Schallplatten'],
      foodCategories: ['Kuchen'],
      acceptsPayPal: true,
      latitude: 52.5298,
      longitude: 13.4017,
    })
  ).id;
  await must(olga, 'PATCH', `/api/stands/${ids.stand}/approve-draft`);
  // Left pending: the organiser's event page lists it for approval.
  await guest({ standNumber: '2', guestFirstName: 'Ole', guestLastName: 'Olsen', categories: ['Spielzeug'], latitude: 52.5299, longitude: 13.401 });

  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2b6cb0' } })
    .jpeg()
    .toBuffer();
  const { photos } = await must<{ photos: string[] }>(olga, 'POST', `/api/stands/${ids.stand}/photos`, {
    photoData: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    fileName: 'stand.jpg',
  });
  await until('the photo is processed', async () => (await fetch(`${stack.publicUrl}${photos[0]}`)).ok, 30_000, 300);

  const petra = new HttpSession(stack.publicUrl);
  await petra.signIn(PETRA);
  ids.seller = (await must(petra, 'GET', '/api/auth/user')).id;
  await must(petra, 'POST', '/api/exhibitor-profiles', {
    bio: 'Ich verkaufe Bücher und Platten aus meiner Sammlung.',
    specialties: ['Bücher', 'Vinyl'],
    kleinanzeigenUrl: 'https://www.kleinanzeigen.de/pro/petra',
  });
  ids.sellerStand = (
    await must(petra, 'POST', '/api/stands', {
      eventId: ids.running,
      standNumber: '12',
      description: 'Bücher, Platten und mehr.',
      categories: ['Bücher', 'Schallplatten'],
      latitude: 51.3399,
      longitude: 12.381,
    })
  ).id;
  await must(olga, 'PATCH', `/api/stands/${ids.sellerStand}/approve-draft`);
}

async function browserFor(role: Role): Promise<Page> {
  const known = pages.get(role);
  if (known) return known;
  const { page } = await browsers.launch({ profilePrefix: 'flohmarkt-a11y-', locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: DESKTOP });
  const person = role === 'organiser' ? OLGA : role === 'exhibitor' ? PETRA : null;
  if (person) await signInBrowser(page, stack.publicUrl, person, { timeout: WAIT });
  pages.set(role, page);
  return page;
}

/** Serious and critical violations of the page as it is now, one line each (rule, help, where). */
async function blockingViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((node) => `[${v.impact}] ${v.id}: ${v.help} at ${node.target.join(' ')} ${node.html.slice(0, 160)}`));
}

const SCREENS: Screen[] = [
  { name: 'landing', role: 'visitor', url: () => '/', ready: '.event-list__item' },
  { name: 'landing (phone)', role: 'visitor', url: () => '/', ready: '.event-list__item', viewport: PHONE },
  { name: 'event page', role: 'visitor', url: () => `/events/${ids.event}`, ready: '.leaflet-container' },
  { name: 'event page (phone)', role: 'visitor', url: () => `/events/${ids.event}`, ready: '.leaflet-container', viewport: PHONE },
  { name: 'stand page', role: 'visitor', url: () => `/stands/${ids.stand}`, ready: 'main img' },
  { name: 'exhibitor page', role: 'visitor', url: () => `/exhibitors/${ids.seller}`, ready: 'main h1' },
  { name: 'user page', role: 'visitor', url: () => `/users/${ids.seller}`, ready: 'main h1' },
  { name: 'Impressum', role: 'visitor', url: () => '/impressum', ready: 'main h1' },
  { name: 'Datenschutz', role: 'visitor', url: () => '/datenschutz', ready: 'main h1' },
  { name: 'legal notice', role: 'visitor', url: () => '/legal-notice', ready: 'main h1' },
  { name: 'not found', role: 'visitor', url: () => '/gibt-es-nicht', ready: 'main h1' },
  { name: 'my stands', role: 'exhibitor', url: () => '/my-stands', ready: 'main h1' },
  { name: 'profile', role: 'exhibitor', url: () => '/profile', ready: 'main h1' },
  { name: 'settings', role: 'exhibitor', url: () => '/settings', ready: 'main h1' },
  { name: 'register a stand', role: 'exhibitor', url: () => `/events/${ids.event}/register-stand`, ready: 'main form' },
  { name: 'edit a stand', role: 'exhibitor', url: () => `/stands/${ids.sellerStand}/edit`, ready: 'main form' },
  { name: 'stand page, signed in (reviews open)', role: 'exhibitor', url: () => `/stands/${ids.stand}`, ready: 'main img' },
  { name: 'event page of its organiser', role: 'organiser', url: () => `/events/${ids.event}`, ready: '.leaflet-container' },
  { name: 'create an event', role: 'organiser', url: () => '/create-event', ready: 'main form' },
  { name: 'edit an event', role: 'organiser', url: () => `/events/${ids.event}/edit`, ready: 'main form' },
  { name: 'admin', role: 'organiser', url: () => '/admin', ready: 'main table, main li' },
];

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST, adminEmails: OLGA.email });
  await seed();
});

afterAll(async () => {
  await browsers.closeAll();
  await stack?.stop();
});

describe('accessibility (axe-core): no serious or critical violation', () => {
  it.each(SCREENS)('$name ($role)', async (screen) => {
    const page = await browserFor(screen.role);
    await page.setViewportSize(screen.viewport ?? DESKTOP);
    await page.goto(`${stack.publicUrl}${screen.url()}`);
    await page.locator(screen.ready).first().waitFor({ state: 'visible', timeout: WAIT });
    // Map tiles cannot load offline; whatever else the page fetches has settled by then.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    expect(new URL(page.url()).pathname).toBe(screen.url());
    expect(await blockingViolations(page)).toEqual([]);
  });
});
