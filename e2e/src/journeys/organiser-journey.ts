import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WAIT, fixture, kmBetween, localDateTime, onScreen, phone, shot, sideways, toast, url, viaMenu, visible } from './journey-kit.js';

/*
 * The organiser (issue 30, O1, O7, O8): creates a market on the phone with a typed address and no
 * point of their own, shares it, reviews a registration on the phone, prints the poster and exports
 * the stand table with the registrant's e-mail.
 */

const ORGANISER = { email: 'olga.journey@example.org', firstName: 'Olga', lastName: 'Organisatorin' };
const MARKET = 'Veedelsflohmarkt Venloer Straße';
const ADDRESS = 'Venloer Straße 400, 50825 Köln';
/** Köln-Ehrenfeld, where 50825 lies: the typed address must put the market here, not at the map's default centre. */
const EHRENFELD = { lat: 50.9497, lng: 6.9196 };
const GUEST = { firstName: 'Lena', email: 'lena.hof@example.org' };

export function organiserJourney(): void {
  describe('organiser: create with a typed address, share, review on the phone, print, export', () => {
    let page: Page;
    let eventId = '';

    it('creates the market from the menu with the typed address alone, and its page places it in Köln', async () => {
      page = await phone(ORGANISER);
      await viaMenu(page, 'Flohmarkt erstellen');
      await visible(page.getByRole('heading', { level: 1, name: 'Flohmarkt erstellen' }));
      await page.getByLabel('Name des Flohmarkts').fill(MARKET);
      await page.getByLabel('Beschreibung').fill('Hofflohmarkt im Veedel: Bücher, Kinderkleidung und Kuchen.');
      const address = page.getByRole('combobox', { name: /Ort \/ Adresse/ });
      await address.fill(ADDRESS);
      // Typed, no suggestion taken and no point on the map: the market is located from its text when saved.
      await address.press('Escape');
      await page.getByLabel('Beginn').fill(localDateTime(21, '09:00'));
      await page.getByLabel('Ende').fill(localDateTime(21, '16:00'));
      await page.getByLabel('Kontakt-E-Mail').fill(ORGANISER.email);
      await shot(page, 'organiser-1-create');
      await page.getByRole('button', { name: 'Event erstellen' }).click();
      // The address search knows no street yet, only the postcode: its middle is shown on the map first, kept by a second press.
      await visible(page.getByText(/Nur der Ort gefunden: Der Punkt steht in der Mitte von Köln\./).last());
      await page.getByRole('button', { name: 'Event erstellen' }).click();

      await visible(toast(page, 'Event erstellt'));
      await page.waitForURL(/\/events\/[0-9a-f-]{36}$/, { timeout: WAIT });
      eventId = page.url().split('/').pop()!;
      await visible(page.getByRole('heading', { level: 1, name: MARKET }));
      await visible(page.locator('.event-hero__location', { hasText: ADDRESS }));
      // 'Route planen' leads to where the market was placed: Ehrenfeld, not Berlin.
      const route = page.getByRole('link', { name: 'Route planen' });
      await visible(route);
      const [, lat, lng] = /route=%3B([\d.]+)%2C([\d.]+)/.exec((await route.getAttribute('href')) ?? '') ?? [];
      expect(kmBetween({ lat: Number(lat), lng: Number(lng) }, EHRENFELD)).toBeLessThan(3);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, 'organiser-2-created');
    });

    it("shares it: 'Teilen' copies the market's link, the QR dialog shows the same link", async () => {
      const link = url(`/events/${eventId}`);
      await page.getByRole('button', { name: 'Teilen' }).click();
      // Headless Chromium has no share sheet: the link goes to the clipboard, as on a desktop.
      await visible(toast(page, 'Link kopiert'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      await page.getByRole('button', { name: 'QR-Code' }).click();
      const dialog = page.getByRole('dialog', { name: 'QR-Code zum Flohmarkt' });
      await visible(dialog.getByRole('img', { name: `QR-Code mit dem Link zu „${MARKET}“` }));
      await visible(dialog.getByText(link, { exact: true }));
      expect(await onScreen(dialog.getByRole('button', { name: 'QR-Code herunterladen' }))).toBe(true);
      await shot(page, 'organiser-3-qr');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });

    it("reviews a guest's registration on the phone: name, e-mail, 'Freigeben', and the stand is on the market", async () => {
      await fixture(null, 'POST', `/api/events/${eventId}/guest-stands`, {
        guestFirstName: GUEST.firstName,
        guestEmail: GUEST.email,
        description: 'Kinderbücher und Puzzles aus dem Hinterhof',
        categories: ['Bücher'],
        latitude: EHRENFELD.lat,
        longitude: EHRENFELD.lng,
      });
      // Opened as the digest mail's link does: the review list's heading lands below the sticky header, not under it.
      const eventPage = page.url().split('#')[0]!;
      await page.goto('about:blank');
      await page.goto(`${eventPage}#anmeldungen`);
      const reviewHeading = page.locator('section#anmeldungen').getByRole('heading').first();
      await visible(reviewHeading);
      const headerBottom = (await page.locator('.site-header').boundingBox())!.height;
      await expect.poll(async () => (await reviewHeading.boundingBox())!.y, { timeout: WAIT }).toBeGreaterThanOrEqual(headerBottom);
      expect(await onScreen(reviewHeading)).toBe(true);
      const row = page.locator('section#anmeldungen').getByRole('listitem').filter({ hasText: GUEST.firstName });
      await visible(row.getByText('Wartend', { exact: true }));
      await visible(row.getByText('Kinderbücher und Puzzles aus dem Hinterhof'));
      await visible(row.getByRole('link', { name: GUEST.email }));
      const approve = row.getByRole('button', { name: 'Freigeben' });
      await approve.scrollIntoViewIfNeeded();
      // On a phone the row stacks: the button lies on screen, the page does not scroll sideways.
      expect(await onScreen(approve)).toBe(true);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, 'organiser-4-review');
      await approve.click();
      await visible(toast(page, 'Stand freigeschaltet'));
      await visible(page.getByText('Keine offenen Stand-Anmeldungen.'));
      await visible(page.getByText('Zeige 1 Stand', { exact: true }));
    });

    it("prints the poster: its link answers a PDF with the market's name", async () => {
      const poster = page.getByRole('region', { name: 'Zum Ausdrucken' }).getByRole('link', { name: /^Plakat mit QR-Code \(PDF\)/ });
      await poster.scrollIntoViewIfNeeded();
      const [answer] = await Promise.all([
        page.context().waitForEvent('response', { predicate: (r) => r.url().endsWith(`/api/events/${eventId}/poster.pdf`), timeout: WAIT }),
        poster.click(),
      ]);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('application/pdf');
      // The tab's copy may be gone once the viewer took it: the same request again, with the session.
      const bytes = Buffer.from(await (await page.context().request.get(answer.url())).body());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      for (const tab of page.context().pages()) if (tab !== page) await tab.close();
    });

    it('exports the stand table: the CSV download has an E-Mail column with the guest’s address', async () => {
      const csvLink = page.getByRole('link', { name: 'Stände als Tabelle (CSV für Excel)' });
      await csvLink.scrollIntoViewIfNeeded();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: WAIT }), csvLink.click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const [header, ...rows] = csv.split(/\r?\n/).filter(Boolean);
      expect(header!.split(/[;,]/)).toContain('E-Mail');
      expect(rows.join('\n')).toContain(GUEST.email);
    });
  });
}
