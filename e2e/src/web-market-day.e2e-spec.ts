import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustCall, signedInSession } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { Browsers, signInBrowser } from './support/chromium.js';
import { approvedCourtyard } from './support/courtyards.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * The market day on a helper's phone (issue 36), in Chromium at 390 px against the whole product: the
 * helper joins the team from the invite's page, opens "Markttag", loses the network, ticks one stand
 * "Da" and another "Nicht da" — the page says what waits for the network and the server has heard
 * nothing, and a reload still shows them — and when the network returns both ticks arrive, with the
 * times they were made.
 */

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const HOUR = 3_600_000;
const CENTRE = { lat: 51.3397, lng: 12.3731 };
const HELPER = { email: 'hanna.handy@example.org', firstName: 'Hanna', lastName: 'Handy' };

type Signed = HttpSession & { id: string };
type DayStand = { id: string; checkIn: string; checkInAt: string | null };

let stack: TestStack;
let organiser: Signed;
let eventId: string;
let first: string;
let second: string;
let code: string;
const browsers = new Browsers();

const day = async (): Promise<DayStand[]> =>
  (await mustCall<{ stands: DayStand[] }>(stack.publicUrl, organiser, 'GET', `/api/events/${eventId}/market-day`)).stands;

/** The page scrolls sideways when its content is wider than the phone. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  organiser = await signedInSession(stack.publicUrl, 'olga.handy@example.org', 'Olga', 'Ordnerin');
  const start = new Date(Date.now() + 3 * HOUR);
  const event = await mustCall<{ id: string }>(stack.publicUrl, organiser, 'POST', '/api/events', {
    name: 'Hofflohmarkt im Waldstraßenviertel mit einem sehr langen Namen, der auf dem Telefon umbrechen muss',
    location: 'Waldstraßenviertel, 04105 Leipzig',
    latitude: CENTRE.lat,
    longitude: CENTRE.lng,
    startDateTime: start.toISOString(),
    endDateTime: new Date(start.getTime() + 5 * HOUR).toISOString(),
  });
  eventId = event.id;
  first = await approvedCourtyard(stack.publicUrl, organiser, eventId, '1', { lat: CENTRE.lat + 0.0004, lng: CENTRE.lng });
  second = await approvedCourtyard(stack.publicUrl, organiser, eventId, '2', { lat: CENTRE.lat - 0.0004, lng: CENTRE.lng });
  const invite = await mustCall<{ code: string }>(stack.publicUrl, organiser, 'POST', `/api/events/${eventId}/team-invites`, {
    role: 'helper',
    expiresAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  });
  code = invite.code;
}, 180_000);

afterAll(async () => {
  await browsers.closeAll();
  await stack?.stop();
});

describe('the market day on a helper’s phone', () => {
  it('joins by the invite, ticks two stands offline, shows them waiting, and syncs them with their times when the network returns', async () => {
    const { context, page } = await browsers.launch({ locale: 'de-DE', ...PHONE });
    await signInBrowser(page, stack.publicUrl, HELPER, { returnTo: `/team/${code}` });
    await page.getByRole('button', { name: 'Dem Team beitreten' }).click();
    await page
      .getByRole('link', { name: /Markttag/ })
      .first()
      .click();
    await page.waitForURL(`${stack.publicUrl}/events/${eventId}/markttag`);
    const row = (number: string) => page.getByRole('listitem', { name: `Stand #${number}`, exact: true });
    await row('1').getByRole('button', { name: 'Da', exact: true }).waitFor();
    expect(await page.getByText('Alles synchronisiert').count()).toBe(1);
    expect(await scrollsSideways(page)).toBe(false);

    // The service worker, which opens the app without a network, has taken the page over.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    const before = Date.now();
    // A tap changes what the row says, never where in the list its buttons and the next row's stand (ticking fast down the street).
    const buttonsAt = () =>
      Promise.all(
        ['1', '2'].map((number) =>
          row(number)
            .getByRole('button', { name: 'Nicht da', exact: true })
            .evaluate((b) => b.getBoundingClientRect().top - b.closest('ol, ul')!.getBoundingClientRect().top),
        ),
      );
    Promise.all(['1', '2'].map(async (number) => (await row(number).getByRole('button', { name: 'Nicht da', exact: true }).boundingBox())?.y));
    const untouched = await buttonsAt();
    await row('1').getByRole('button', { name: 'Da', exact: true }).click();
    await row('2').getByRole('button', { name: 'Nicht da', exact: true }).click();
    await page.getByText('2 Änderungen warten auf Netz').waitFor();
    expect(await page.getByText('nicht synchronisiert').count()).toBe(2);
    expect(await buttonsAt()).toEqual(untouched);
    expect(await row('1').getByRole('button', { name: 'Da', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await scrollsSideways(page)).toBe(false);
    // The server has heard nothing while the phone is offline.
    expect((await day()).filter((s) => s.checkIn !== 'unknown')).toEqual([]);

    // A reload without reception opens the kept list with the waiting ticks; the header, which cannot
    // know whether the helper is still signed in, offers no „Anmelden“ (that could not load either).
    await page.reload();
    await page.getByText('2 Änderungen warten auf Netz').waitFor({ timeout: 20_000 });
    expect(await row('1').getByRole('button', { name: 'Da', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).count()).toBe(0);

    await context.setOffline(false);
    await page.getByText('Alles synchronisiert').waitFor({ timeout: 30_000 });
    expect(await page.getByText('nicht synchronisiert').count()).toBe(0);
    await row('1')
      .getByText(/^Da um \d\d:\d\d · Hanna H\.$/)
      .waitFor();
    expect(await buttonsAt()).toEqual(untouched);
    const synced = await until('both ticks on the server', async () => {
      const stands = await day();
      const [one, two] = [stands.find((s) => s.id === first), stands.find((s) => s.id === second)];
      return one?.checkIn === 'present' && two?.checkIn === 'absent' ? [one, two] : null;
    });
    // Each tick carries the time it was made on the phone, before the network came back.
    for (const stand of synced) expect(Date.parse(stand.checkInAt!)).toBeGreaterThanOrEqual(before - 60_000);
    for (const stand of synced) expect(Date.parse(stand.checkInAt!)).toBeLessThanOrEqual(Date.now());
  }, 120_000);
});
