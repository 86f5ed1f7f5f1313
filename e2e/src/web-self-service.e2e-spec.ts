import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './support/browser-session.js';
import { Browsers, waitVisible } from './support/chromium.js';
import { CONFIRMATION_SUBJECT, Mailbox, confirmationLink } from './support/mailbox.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * Issue 17 as a new user meets it, in Chromium through the real stack: a guest registers on a phone
 * with an e-mail, confirms the address on the page the first mail links to (issue 29), reads the
 * mail with the manage link in /dev/mail, follows that link from the .eml, sees the status change
 * when the organiser approves (decisions settle 1 s here), and withdraws; an exhibitor withdraws
 * from My stands and registers again. E2E_SCREENSHOTS=<dir> saves the screens.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const PHONE = { width: 390, height: 844 };
const WAIT = 20_000;
const DAY = 24 * 3600 * 1000;
const CENTER = { latitude: 50.9413, longitude: 6.9583 };

let stack: TestStack;
let mailbox: Mailbox;
let organizer: HttpSession;
let eventId: string;
const browsers = new Browsers();

async function openBrowser(): Promise<Page> {
  return (await browsers.launch({ profilePrefix: 'flohmarkt-self-', germanUi: true, locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: PHONE })).page;
}

const visible = (locator: Locator): Promise<void> => waitVisible(locator, { timeout: WAIT });

async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function organizerCall(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await organizer.fetch(pathname, { method, ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  stack = await startTestStack({
    webDist: WEB_DIST,
    gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' },
    env: { MAIL_RETRY_MAX_MS: '1000', MAIL_SETTLE_S: '1', DIGEST_SWEEP_SECONDS: '1' },
  });
  mailbox = new Mailbox(stack.mailDir);
  organizer = new HttpSession(stack.publicUrl);
  await organizer.signIn({ email: 'orga.web-self@example.org', firstName: 'Olga', lastName: 'Organisatorin' });
  const created = await organizerCall('POST', '/api/events', {
    name: 'Hofflohmarkt Agnesviertel',
    location: 'Neusser Straße, Köln',
    startDateTime: new Date(Date.now() + 20 * DAY).toISOString(),
    endDateTime: new Date(Date.now() + 20 * DAY + 6 * 3600 * 1000).toISOString(),
    ...CENTER,
  });
  expect(created.status).toBe(201);
  eventId = created.body.id;
});

afterAll(async () => {
  await browsers.closeAll();
  await stack?.stop();
});

describe("a guest's own registration", () => {
  it('registers with an e-mail, follows the link from the mail, sees the approval, and withdraws', async () => {
    const page = await openBrowser();
    await page.goto(`${stack.publicUrl}/events/${eventId}`);
    const card = page.getByRole('region', { name: 'Stand anmelden (ohne Registrierung)' });
    await card.getByRole('button', { name: 'Stand anmelden (ohne Registrierung)' }).click();
    await card.getByLabel(/^Vorname/).fill('Gerda');
    await card.getByLabel('E-Mail (optional)').fill('gerda.web@example.org');
    await card.getByLabel(/^Beschreibung/).fill('Bücher, Schallplatten und alte Kameras');
    await card
      .getByRole('group', { name: /^Kategorien/ })
      .getByRole('checkbox')
      .first()
      .check();
    await card.getByRole('button', { name: 'Anmeldung absenden' }).click();
    await visible(card.getByText(/^Wir schicken ihn auch an gerda\.web@example\.org\./));
    await visible(card.getByText('Bewahre diesen Link jetzt gut auf: Wir zeigen ihn nur dieses eine Mal.'));
    const linkField = card.getByLabel('Dein privater Link zur Anmeldung');
    const shownLink = await linkField.inputValue();
    expect(shownLink).toMatch(new RegExp(`^${stack.publicUrl}/anmeldung/[A-Za-z0-9_-]{22}$`));
    // The long form is gone: the page shows the link and its copy button, not the footer, and nothing scrolls sideways.
    for (const part of [linkField, card.getByRole('button', { name: 'Link kopieren' })]) {
      await expect.poll(() => part.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    if (SCREENSHOTS) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'self-guest-submitted-in-view.png') });
    }
    await shot(page, 'self-guest-submitted');

    // The first mail asks to confirm the address; its link opens a page that confirms on the click only.
    const request = await mailbox.waitForOne({ to: 'gerda.web@example.org', subject: CONFIRMATION_SUBJECT });
    await page.goto(confirmationLink(request));
    await visible(page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse bestätigen' }));
    await shot(page, 'self-confirm-address');
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await visible(page.getByText('Danke, deine E-Mail-Adresse ist bestätigt.', { exact: false }));

    // The mail with the link, as the development mail server lists it and as the .eml holds it.
    const mail = await mailbox.waitForOne({ to: 'gerda.web@example.org', subject: /ist eingegangen$/ });
    await page.goto(`${stack.publicUrl}/dev/mail`);
    await visible(page.getByText('Deine Standanmeldung für „Hofflohmarkt Agnesviertel“ ist eingegangen'));
    await shot(page, 'self-dev-mail');
    const link = mail.links.find((l) => l.includes('/anmeldung/'));
    expect(link).toBe(shownLink);

    await page.goto(link!);
    await visible(page.getByRole('heading', { level: 1, name: 'Deine Stand-Anmeldung' }));
    await visible(page.getByText('Wartend'));
    await visible(page.getByText('Hofflohmarkt Agnesviertel'));
    await shot(page, 'self-guest-pending');

    const [draft] = (await organizerCall('GET', `/api/events/${eventId}/draft-stands`)).body;
    expect((await organizerCall('PATCH', `/api/stands/${draft.id}/approve-draft`)).status).toBe(200);
    await page.reload();
    await visible(page.getByText('Genehmigt'));
    await mailbox.waitForOne({ to: 'gerda.web@example.org', subject: /ist genehmigt$/ });

    await page.getByRole('button', { name: 'Anmeldung zurückziehen' }).click();
    await page.getByRole('dialog', { name: 'Anmeldung zurückziehen?' }).getByRole('button', { name: 'Zurückziehen' }).click();
    await visible(page.getByText('Zurückgezogen'));
    await shot(page, 'self-guest-withdrawn');
    const listed = (await organizerCall('GET', `/api/events/${eventId}/stands`)).body as { id: string }[];
    expect(listed.map((s) => s.id)).not.toContain(draft.id);

    // The link is spent: a German page, not an error screen.
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Anmeldung nicht gefunden' }));
  });
});
