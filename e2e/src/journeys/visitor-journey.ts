import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInSession } from '../support/api-call.js';
import { approvedCourtyard } from '../support/courtyards.js';
import { inDays } from '../support/days.js';
import { fixture, phone, shot, sideways, url, visible, world } from './journey-kit.js';

/*
 * The visitor (issues 19 and 30, V3/X7): finds a market by its town on the landing page, narrows its
 * stands with a category, marks two, plans 'Meine Runde', and on market day without network opens the
 * market's page and a stand page seen before, in German.
 */

const MARKET = 'Trödelmarkt am Rathaus';
const ELSEWHERE = 'Flohmarkt am Mauerpark';
const RATHAUS = { lat: 50.9381, lng: 6.9589 };
/** Stand number → its categories; #2 alone sells toys. */
const STANDS: Record<string, string[]> = { '1': ['Bücher'], '2': ['Spielzeug'], '3': ['Bücher', 'Kleidung'], '4': ['Werkzeug'] };

export function visitorJourney(): void {
  describe('visitor: find, filter, favourite, route, offline', () => {
    let page: Page;
    let eventId = '';

    beforeAll(async () => {
      const organiser = await signedInSession(world.stack.publicUrl, 'rita.rathaus@example.org', 'Rita', 'Rathaus');
      const market = (name: string, location: string, at: { lat: number; lng: number }) =>
        fixture<{ id: string }>(organiser, 'POST', '/api/events', {
          name,
          location,
          startDateTime: inDays(5, 8),
          endDateTime: inDays(5, 16),
          latitude: at.lat,
          longitude: at.lng,
        });
      ({ id: eventId } = await market(MARKET, 'Rathausplatz, 50667 Köln', RATHAUS));
      await market(ELSEWHERE, 'Bernauer Straße 63, 13355 Berlin', { lat: 52.5418, lng: 13.4025 });
      for (const [number, categories] of Object.entries(STANDS)) {
        const at = { lat: RATHAUS.lat + Number(number) * 0.0006, lng: RATHAUS.lng + (Number(number) % 2 ? 0.0008 : -0.0008) };
        await approvedCourtyard(world.stack.publicUrl, organiser, eventId, number, at, { categories, description: `Hof ${number}: ${categories.join(', ')}` });
      }
    });

    it('finds the market by the suggested town Köln; a market in Berlin is not among the results', async () => {
      page = await phone();
      await page.goto(url('/'));
      await visible(page.getByRole('link', { name: ELSEWHERE }));
      const search = page.getByRole('search', { name: 'Flohmärkte suchen' });
      await search.getByRole('combobox', { name: 'Wo?' }).fill('Köln');
      // The place box suggests the town; taking the suggestion searches there at once.
      await search.getByRole('option', { name: /^Köln/ }).first().click();
      await visible(page.getByRole('heading', { name: 'Gefilterte Flohmärkte' }));
      await visible(page.getByRole('link', { name: MARKET }));
      await expect.poll(() => page.getByRole('link', { name: ELSEWHERE }).count()).toBe(0);
      await shot(page, 'visitor-1-found');
      await page.getByRole('link', { name: MARKET }).click();
      await page.waitForURL(url(`/events/${eventId}`));
      await visible(page.getByRole('heading', { level: 1, name: MARKET }));
    });

    it('filters the stands by a category: the list narrows to the one stand that has it, and widens again', async () => {
      await visible(page.getByText('Zeige alle 4 Stände', { exact: true }));
      const categories = page.getByRole('group', { name: 'Kategorien' });
      await categories.getByRole('button', { name: /Spielzeug \(1\)$/ }).click();
      await visible(page.getByText('Zeige 1 von 4 Ständen', { exact: true }));
      await visible(page.getByRole('link', { name: 'Stand #2', exact: true }));
      expect(await page.getByRole('link', { name: 'Stand #1', exact: true }).count()).toBe(0);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, 'visitor-2-filtered');
      await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
      await visible(page.getByText('Zeige alle 4 Stände', { exact: true }));
    });

    it("marks two stands and plans 'Meine Runde': both stops in an order, numbered, with the distance on foot", async () => {
      for (const number of ['1', '3']) {
        const heart = page.getByRole('button', { name: `Stand #${number} merken` });
        await heart.click();
        await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
      }
      await page.getByRole('link', { name: /Gemerkte Stände \(2\)/ }).click();
      await page.waitForURL(url(`/events/${eventId}/merkliste`));
      await visible(page.getByText('2 gemerkte Stände', { exact: true }));
      await page.getByRole('button', { name: 'Runde berechnen' }).click();
      await visible(page.getByRole('heading', { name: 'Meine Runde' }));
      await visible(page.getByText(/^2 Stände · [\d,]+ k?m zu Fuß/));
      const round = page.getByRole('list', { name: 'Reihenfolge der Runde' }).getByRole('listitem');
      await expect.poll(() => round.count()).toBe(3);
      // Both stops in an order, each with what it adds to the way, and back to the first.
      const [first, second, back] = (await round.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
      expect(first).toMatch(/^1 Stand #[13] · .+ Start$/);
      expect(second).toMatch(/^2 Stand #[13] · .+ \+ [\d,]+ k?m$/);
      expect([first, second].map((text) => /Stand #(\d)/.exec(text ?? '')?.[1]).sort()).toEqual(['1', '3']);
      expect(back).toBe('Zurück zum Start');
      await shot(page, 'visitor-3-round');
    });

    it('on market day without network opens the market page and a stand page seen before, saying it is offline', async () => {
      // Seen once online: the market page, then stand #3's page (the service worker keeps their reads).
      await page.goto(url(`/events/${eventId}`));
      // The worker first fetches the whole app shell; a CI run with both cores busy once needed more than 30 s.
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);
      await page.reload();
      await visible(page.getByRole('button', { name: 'Stand #3 merken' }));
      await page.getByRole('link', { name: 'Stand #3', exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Stand #3' }));
      await visible(page.getByText('Hof 3: Bücher, Kleidung'));
      await page.goBack();
      await visible(page.getByRole('heading', { level: 1, name: MARKET }));

      await page.context().setOffline(true);
      await page.reload();
      const banner = page.getByRole('status').filter({ hasText: 'Du bist offline' });
      await visible(banner);
      expect(await banner.innerText()).toContain('Du bist offline – die Daten können veraltet sein.');
      await visible(page.getByRole('heading', { level: 1, name: MARKET }));
      for (const number of ['1', '2', '3', '4']) await visible(page.getByRole('button', { name: `Stand #${number} merken` }));
      expect(await page.getByRole('button', { name: 'Stand #1 merken' }).getAttribute('aria-pressed')).toBe('true');
      await shot(page, 'visitor-4-offline');

      await page.getByRole('link', { name: 'Stand #3', exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Stand #3' }));
      await visible(page.getByText('Hof 3: Bücher, Kleidung'));
      await visible(page.getByRole('status').filter({ hasText: 'Du bist offline' }));
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
      await shot(page, 'visitor-5-offline-stand');
      await page.context().setOffline(false);
    }, 120_000);
  });
}
