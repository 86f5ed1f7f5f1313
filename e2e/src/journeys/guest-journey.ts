import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInSession } from '../support/api-call.js';
import { inDays } from '../support/days.js';
import { CONFIRMATION_SUBJECT } from '../support/mailbox.js';
import { fixture, onScreen, phone, shot, sideways, toast, url, visible, world } from './journey-kit.js';

/*
 * The guest (issue 30, G1, G2): signed out, registers a stand from the market's page without an
 * account, with a photo from the gallery, sees the one-time private link in view, gets the mail asking
 * to confirm the address, opens the link (the photo there, though only the link may see it yet) and
 * withdraws.
 */

const MARKET = 'Hofflohmarkt Südstadt';
const CENTRE = { latitude: 50.9214, longitude: 6.9574 };
const GUEST = { firstName: 'Greta', lastName: 'Gast', email: 'greta.gast@example.org' };
const DESCRIPTION = 'Spielzeug, Puzzles und Kinderbücher aus zweiter Hand';

export function guestJourney(): void {
  describe('guest: register from the event page without an account, see the private link, open it, withdraw', () => {
    let page: Page;
    let eventId = '';
    let manageUrl = '';

    beforeAll(async () => {
      const organiser = await signedInSession(world.stack.publicUrl, 'otto.suedstadt@example.org', 'Otto', 'Südstadt');
      ({ id: eventId } = await fixture<{ id: string }>(organiser, 'POST', '/api/events', {
        name: MARKET,
        location: 'Severinstraße 1, 50678 Köln',
        startDateTime: inDays(10, 8),
        endDateTime: inDays(10, 15),
        ...CENTRE,
      }));
    });

    it("chooses 'Ohne Konto anmelden' in the hero: the form opens in place, its first field in view and focused", async () => {
      page = await phone();
      await page.goto(url(`/events/${eventId}`));
      const choice = page.getByRole('group', { name: 'Stand anmelden', exact: true });
      await visible(choice.getByRole('link', { name: 'Mit Konto anmelden' }));
      await choice.getByRole('button', { name: 'Ohne Konto anmelden' }).click();
      const firstName = page.getByLabel('Vorname');
      await visible(firstName);
      await expect.poll(() => firstName.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await onScreen(firstName)).toBe(true);
      await shot(page, 'guest-1-form');
    });

    it('sends the form and sees the confirmation with the private link in view; the mail to confirm the address arrives', async () => {
      await page.getByLabel('Vorname').fill(GUEST.firstName);
      await page.getByLabel('Nachname').fill(GUEST.lastName);
      await page.getByLabel('E-Mail (optional)').fill(GUEST.email);
      await page.getByLabel(/^Beschreibung/).fill(DESCRIPTION);
      await page
        .getByRole('group', { name: /^Kategorien/ })
        .getByRole('checkbox', { name: 'Spielzeug', exact: true })
        .check();
      const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b5651d' } })
        .jpeg()
        .toBuffer();
      await page.getByLabel('Fotos aus der Galerie wählen').setInputFiles({ name: 'puzzles.jpg', mimeType: 'image/jpeg', buffer: photo });
      await visible(page.getByText('puzzles.jpg'));
      await page.getByRole('button', { name: 'Anmeldung absenden' }).click();

      const confirmation = page.getByRole('status').filter({ hasText: 'Vielen Dank für deine Anmeldung!' });
      await visible(confirmation);
      await visible(toast(page, /Anmeldung/));
      // Scrolled into view and focused (G2): not the footer, the link right there.
      await expect.poll(() => confirmation.evaluate((el) => el === document.activeElement)).toBe(true);
      const link = page.getByLabel('Dein privater Link zur Anmeldung');
      expect(await onScreen(link)).toBe(true);
      // The thank-you line stops below the success toast on top of the phone's screen, not beneath it.
      const toastBottom = async () => {
        const box = await page.locator('.toast', { hasText: /Anmeldung/ }).boundingBox();
        return box ? box.y + box.height : 0;
      };
      const titleTop = async () => (await confirmation.getByText('Vielen Dank für deine Anmeldung!').boundingBox())?.y ?? -1;
      await expect.poll(async () => (await titleTop()) >= (await toastBottom())).toBe(true);
      manageUrl = await link.inputValue();
      expect(manageUrl).toMatch(new RegExp(`^${url('/anmeldung/')}[A-Za-z0-9_-]{20,}$`));
      await visible(confirmation.getByText(`Wir schicken ihn auch an ${GUEST.email}.`, { exact: false }));
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, 'guest-2-link');

      const mail = await world.mailbox.waitForOne({ to: GUEST.email, subject: CONFIRMATION_SUBJECT });
      expect(mail.links.some((l) => l.startsWith(url('/e-mail-bestaetigen/')))).toBe(true);
    });

    it("opens the link: the market, 'Wartend' and the stand as sent", async () => {
      await page.getByRole('link', { name: 'Anmeldung öffnen' }).click();
      await page.waitForURL(manageUrl, { timeout: 20_000 });
      await visible(page.getByRole('heading', { level: 1, name: 'Deine Stand-Anmeldung' }));
      await visible(page.getByRole('link', { name: MARKET }));
      const status = page.getByRole('region', { name: /^Status/ });
      await visible(status.getByText('Wartend', { exact: true }));
      await visible(page.getByText(DESCRIPTION));
      // The photo went up by the link's token after the registration; its thumbnail comes with the token too.
      const photos = page.getByRole('region', { name: /^Fotos/ });
      await visible(photos.getByText('(1 von 3)'));
      const loaded = () => photos.locator('img').evaluateAll((images) => images.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length);
      await expect.poll(loaded, { timeout: 30_000 }).toBe(1);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, 'guest-3-manage');
    });

    it('withdraws behind a confirmation; the page says so, and the link opens nothing any more', async () => {
      await page.getByRole('button', { name: 'Anmeldung zurückziehen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Anmeldung zurückziehen?' });
      await visible(dialog);
      expect(await onScreen(dialog.getByRole('button', { name: 'Zurückziehen' }))).toBe(true);
      await dialog.getByRole('button', { name: 'Zurückziehen' }).click();
      await visible(toast(page, 'Anmeldung zurückgezogen'));
      await visible(page.getByRole('region', { name: /^Status/ }).getByText('Zurückgezogen', { exact: true }));
      await visible(page.getByText('Du hast diese Anmeldung zurückgezogen. Sie erscheint nirgends mehr.'));

      await page.reload();
      await visible(page.getByRole('heading', { name: 'Anmeldung nicht gefunden' }));
    });
  });
}
