import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOASTS } from '@flohmarkt/contracts';
import { mustCall, signedInSession } from './support/api-call.js';
import { Browsers, fillSignInForm, pageApi as api, waitVisible } from './support/chromium.js';
import { inDays } from './support/days.js';
import { GENEROUS_BUDGETS, WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * Issue 30, S2 and S4 on a phone (Chromium at 390 px, touch, scale 2), through the real stack: a seller
 * registers a stand and picks two photos at once from the gallery in the same form; both show on the
 * stand page once the worker has made them. She withdraws the stand under "Meine Stände", taps "Neu
 * anmelden", finds the two photos already chosen in the form, and the new stand has them too.
 * Screenshots go to /tmp/w1-*.png (E2E_SCREENSHOTS=<dir> puts them there instead).
 */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const WAIT = 20_000;
// Köln (the offline gazetteer knows it); she stands about 150 m north of the market's centre.
const CENTRE = { latitude: 50.9526, longitude: 6.9551 };
const HERE = { latitude: 50.954, longitude: 6.9551 };
const PIA = { email: 'pia.photo@example.org', firstName: 'Pia', lastName: 'Fotografin' };
const DESCRIPTION = 'Kameras, Objektive und Fotobücher aus dem Nachlass';

let stack: TestStack;
let eventId: string;
let page: Page;
let firstStandId: string;
const browsers = new Browsers();

const visible = (locator: Locator): Promise<void> => waitVisible(locator, { timeout: WAIT, failureShot: `${SHOTS}/w1-failed` });

async function shot(name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/w1-${name}.png`, fullPage: true });
}

/** How far the page reaches past the phone's width (0: no sideways scrolling). */
const sideways = (): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A small JPEG of one colour, as a phone's gallery hands it over. */
async function jpeg(colour: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name: `foto-${colour.slice(1)}.jpg`, mimeType: 'image/jpeg', buffer };
}

/** The stand as its owner reads it, once every photo is processed. */
async function readyPhotos(standId: string): Promise<string[]> {
  await expect
    .poll(async () => ((await api(page, `/api/stands/${standId}`)).body.photoStates as { state: string }[]).map((p) => p.state), { timeout: 60_000 })
    .toEqual(['ready', 'ready']);
  return (await api(page, `/api/stands/${standId}`)).body.photos;
}

/** The stand page shows both photos: the main one and two loaded thumbnails. */
async function seesBothPhotos(): Promise<void> {
  const gallery = page.getByRole('region', { name: 'Fotos' });
  await visible(gallery);
  const loaded = () =>
    gallery.locator('img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length);
  // The main picture and the two thumbnails.
  await expect.poll(loaded, { timeout: WAIT }).toBe(3);
  await expect(gallery.getByRole('button', { name: /^Foto \d anzeigen$/ }).count()).resolves.toBe(2);
}

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST, gatewayEnv: GENEROUS_BUDGETS });
  const organiser = await signedInSession(stack.publicUrl, 'otto.foto@example.org', 'Otto', 'Organisator');
  ({ id: eventId } = await mustCall<{ id: string }>(stack.publicUrl, organiser, 'POST', '/api/events', {
    name: 'Fotoflohmarkt Ehrenfeld',
    location: 'Venloer Straße 400, 50825 Köln',
    startDateTime: inDays(12, 8),
    endDateTime: inDays(12, 15),
    ...CENTRE,
  }));
  ({ page } = await browsers.launch({
    profilePrefix: 'flohmarkt-w1-photos-',
    germanUi: true,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: PHONE,
    deviceScaleFactor: 2,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: HERE,
  }));
}, 240_000);

afterAll(async () => {
  await browsers.closeAll();
  await stack?.stop();
});

describe('a seller registers with photos on her phone and keeps them when she re-applies (issue 30, S2, S4)', () => {
  it('picks two photos at once in the registration form and sees both on her stand page', async () => {
    await page.goto(`${stack.publicUrl}/api/login?returnTo=${encodeURIComponent(`/events/${eventId}/register-stand`)}`);
    await fillSignInForm(page, PIA, WAIT);
    await visible(page.getByRole('heading', { level: 1, name: 'Stand anmelden' }));
    await page.getByLabel('Standnummer oder -name').fill('F7');
    await page.getByLabel(/^Beschreibung/).fill(DESCRIPTION);
    await page.getByRole('checkbox', { name: 'Bücher', exact: true }).check();

    const photos = page.getByRole('group', { name: /^Fotos \(optional\)/ });
    // The camera comes first; the gallery takes several at once.
    const choices = await photos.getByRole('button').allTextContents();
    expect(choices).toEqual(['Foto aufnehmen', 'Aus Galerie wählen']);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: WAIT }),
      photos.getByRole('button', { name: 'Aus Galerie wählen' }).click(),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([await jpeg('#c0603a'), await jpeg('#3a7bd5')]);
    await visible(photos.getByText('(2 von 3)'));
    await visible(photos.getByRole('img', { name: 'Foto 2: foto-3a7bd5.jpg' }));
    await expect(photos.getByRole('button', { name: /^Foto \d entfernen$/ }).count()).resolves.toBe(2);

    const location = page.getByRole('group', { name: /Standort auf der Karte/ });
    await location.getByRole('button', { name: 'Meine Position verwenden' }).click();
    await visible(location.getByText('Ausgewählter Standort:'));
    expect(await sideways()).toBeLessThanOrEqual(0);
    await shot('1-form-with-photos');

    await page.getByRole('button', { name: 'Stand anmelden', exact: true }).click();
    await visible(page.getByRole('region', { name: 'Benachrichtigungen' }).getByText(TOASTS.standRegistered, { exact: true }));
    await page.waitForURL(/\/stands\/[0-9a-f-]{36}$/, { timeout: WAIT });
    firstStandId = page.url().split('/').pop()!;
    expect(await readyPhotos(firstStandId)).toHaveLength(2);
    await seesBothPhotos();
    expect(await sideways()).toBeLessThanOrEqual(0);
    await shot('2-stand-with-photos');
  }, 180_000);

  it('withdraws, re-applies with the photos already chosen, and the new stand has them', async () => {
    await page.goto(`${stack.publicUrl}/my-stands`);
    await page.getByRole('button', { name: 'Zurückziehen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Zurückziehen' }).click();
    await visible(page.getByRole('region', { name: 'Benachrichtigungen' }).getByText('Stand zurückgezogen', { exact: true }));
    await page.getByRole('link', { name: 'Neu anmelden' }).click();

    await visible(page.getByText(/Angaben deines früheren Stands übernommen: Beschreibung, Kategorien, Fotos, Position und Sichtbarkeit/));
    expect(await page.getByLabel(/^Beschreibung/).inputValue()).toBe(DESCRIPTION);
    const photos = page.getByRole('group', { name: /^Fotos \(optional\)/ });
    await visible(photos.getByText('(2 von 3)'));
    // The earlier stand's thumbnails, loaded (its owner may still read them after withdrawing).
    const previews = photos.getByRole('img');
    await expect
      .poll(
        () => previews.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length),
        { timeout: WAIT },
      )
      .toBe(2);
    await expect(photos.getByRole('button', { name: /^Foto \d entfernen$/ }).count()).resolves.toBe(2);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await shot('3-reapply-form');

    await page.getByRole('button', { name: 'Stand anmelden', exact: true }).click();
    await page.waitForURL((url) => /\/stands\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(firstStandId), { timeout: WAIT });
    const secondStandId = page.url().split('/').pop()!;
    const carried = await readyPhotos(secondStandId);
    expect(carried).toHaveLength(2);
    // Copies of their own, not the withdrawn stand's objects.
    for (const path of carried) expect(path).toContain(`/stands/${secondStandId}/`);
    await seesBothPhotos();
    await shot('4-new-stand-with-photos');
  }, 180_000);
});
