import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInSession } from '../support/api-call.js';
import { inDays } from '../support/days.js';
import { WAIT, fixture, phone, shot, sideways, toast, url, viaMenu, visible, world } from './journey-kit.js';

/*
 * The seller (issue 30, S2, S4/S5): signed in, registers a stand on the phone with two photos chosen
 * from the gallery and the position where they stand, withdraws it under "Meine Stände", and registers
 * again: the form starts from the withdrawn stand's description and position.
 */

const MARKET = 'Flohmarkt im Agnesviertel';
const CENTRE = { latitude: 50.9526, longitude: 6.9551 };
/** Where the seller stands with the phone: 150 m north of the market's centre. */
const HERE = { latitude: 50.954, longitude: 6.9551 };
const SELLER = { email: 'sina.stand@example.org', firstName: 'Sina', lastName: 'Standl' };
/** A step that waits for the photo worker to finish two photos gets longer than the others. */
const PHOTO_STEP_MS = 150_000;
const DESCRIPTION = 'Vinyl, Kassetten und alte Kameras aus dem Keller';

/** A small JPEG of one colour, as a phone's gallery hands it over. */
const jpeg = async (colour: string) => ({
  name: `foto-${colour.slice(1)}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer(),
});

/** Taps "Aus Galerie wählen" and picks the files in the phone's file chooser, as a person does. */
async function chooseFromGallery(page: Page, files: Awaited<ReturnType<typeof jpeg>>[]): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: WAIT }), page.getByRole('button', { name: 'Aus Galerie wählen' }).click()]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(files);
}

/** Reloads the stand page until its gallery shows `count` finished photos (processing takes the worker a moment). */
async function photosShown(page: Page, count: number): Promise<void> {
  const enlarge = page.getByRole('button', { name: `Foto 1 von ${count} vergrößern` });
  await expect
    .poll(
      async () => {
        await page.reload();
        await visible(page.getByRole('heading', { level: 1 }));
        return enlarge.isVisible();
      },
      { timeout: 90_000, interval: 1000 },
    )
    .toBe(true);
}

export function sellerJourney(): void {
  describe('seller: register with photos and address, withdraw, re-apply', () => {
    let page: Page;
    let eventId = '';
    let standId = '';

    beforeAll(async () => {
      const organiser = await signedInSession(world.stack.publicUrl, 'anton.agnes@example.org', 'Anton', 'Agnes');
      ({ id: eventId } = await fixture<{ id: string }>(organiser, 'POST', '/api/events', {
        name: MARKET,
        location: 'Neusser Straße 20, 50670 Köln',
        startDateTime: inDays(12, 8),
        endDateTime: inDays(12, 15),
        ...CENTRE,
      }));
    });

    it(
      "registers from the market's page: number, description, category, two photos and the position where they stand",
      async () => {
        page = await phone(SELLER, { returnTo: `/events/${eventId}`, geolocation: HERE });
        await page.getByRole('link', { name: 'Stand anmelden', exact: true }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Stand anmelden' }));
        await page.getByLabel('Standnummer oder -name').fill('B12');
        await page.getByLabel(/^Beschreibung/).fill(DESCRIPTION);
        await page
          .getByRole('group', { name: /^Kategorien/ })
          .getByRole('checkbox', { name: 'Schallplatten', exact: true })
          .check();
        await chooseFromGallery(page, [await jpeg('#c0603a'), await jpeg('#3a7bd5')]);
        await visible(page.getByRole('group', { name: /Fotos/ }).getByText('(2 von 3)'));

        const location = page.getByRole('group', { name: /Standort auf der Karte/ });
        await location.getByRole('button', { name: 'Meine Position verwenden' }).click();
        await visible(location.getByText('Ausgewählter Standort:'));
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await shot(page, 'seller-1-form');
        await page.getByRole('button', { name: 'Stand anmelden', exact: true }).click();

        await visible(toast(page, 'Stand angemeldet'));
        await page.waitForURL(/\/stands\/[0-9a-f-]{36}$/, { timeout: WAIT });
        standId = page.url().split('/').pop()!;
        await visible(page.getByRole('heading', { level: 1, name: 'Stand #B12' }));
        await visible(page.getByText(DESCRIPTION));
        // Both photos arrive on the stand once the worker has made them and the stand has heard of it.
        await photosShown(page, 2);
        await shot(page, 'seller-2-stand');
      },
      PHOTO_STEP_MS,
    );

    it("withdraws it under 'Meine Stände' behind a confirmation; the row says 'Zurückgezogen' and offers 'Neu anmelden'", async () => {
      await viaMenu(page, 'Meine Stände');
      await visible(page.getByRole('heading', { level: 1, name: 'Meine Stände' }));
      const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Stand #B12' }) });
      await visible(row.getByText('Wartend', { exact: true }));
      await row.getByRole('button', { name: 'Zurückziehen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Stand zurückziehen?' });
      await dialog.getByRole('button', { name: 'Zurückziehen' }).click();
      await visible(toast(page, 'Stand zurückgezogen'));
      await visible(row.getByText('Zurückgezogen', { exact: true }));
      await visible(row.getByRole('link', { name: 'Neu anmelden' }));
      await shot(page, 'seller-3-withdrawn');
    });

    it(
      "re-applies with 'Neu anmelden': the form holds the earlier description, category, photos and position, and the new stand waits",
      async () => {
        const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Stand #B12' }) });
        await row.getByRole('link', { name: 'Neu anmelden' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Stand anmelden' }));
        await visible(page.getByText('Wir haben die Angaben deines früheren Stands übernommen', { exact: false }));
        expect(await page.getByLabel(/^Beschreibung/).inputValue()).toBe(DESCRIPTION);
        expect(await page.getByRole('checkbox', { name: 'Schallplatten', exact: true }).isChecked()).toBe(true);
        await visible(page.getByRole('group', { name: /Fotos/ }).getByText('(2 von 3)'));
        await visible(page.getByRole('group', { name: /Standort auf der Karte/ }).getByText('Ausgewählter Standort:'));
        await shot(page, 'seller-4-again');
        await page.getByRole('button', { name: 'Stand anmelden', exact: true }).click();

        await visible(toast(page, 'Stand angemeldet'));
        await page.waitForURL(/\/stands\/[0-9a-f-]{36}$/, { timeout: WAIT });
        expect(page.url()).not.toBe(url(`/stands/${standId}`));
        await photosShown(page, 2);
        await viaMenu(page, 'Meine Stände');
        await visible(page.getByRole('heading', { level: 1, name: 'Meine Stände' }));
        const statuses = await page.locator('.stand-row').filter({ hasText: MARKET }).locator('.status-badge').allInnerTexts();
        expect(statuses.sort()).toEqual(['Wartend', 'Zurückgezogen']);
      },
      PHOTO_STEP_MS,
    );
  });
}
