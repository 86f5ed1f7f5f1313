import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import type { HttpSession } from './support/browser-session.js';
import { Browsers, signInBrowser, waitVisible } from './support/chromium.js';
import { Mailbox, confirmGuestAddress } from './support/mailbox.js';
import { WEB_DIST, startTestStack, type TestStack } from './support/stack.js';

/*
 * The organiser's journey of issue 18 in Chromium through the real stack: the organiser caps the
 * market at 10 in the edit form; 12 register (guests and signed-in exhibitors, through the API);
 * the cockpit shows two on the waitlist; a guest withdraws and the first waiting one moves up (its
 * status in the cockpit, its mail as the development mail server keeps it once the guest confirmed
 * the address with the link of the first mail); the organiser approves the ten in one action,
 * numbers them in one click, and opens the three PDFs from the event page's links: real PDFs with
 * the German texts of the kit. The overview groups the stands in 'Bereich' cells here (the stack
 * has no geocoder; streets: stand-streets.e2e-spec.ts).
 * E2E_SCREENSHOTS=<dir> keeps the screens and the three PDFs (for pdftoppm and a look).
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const DESKTOP = { width: 1280, height: 900 };
const WAIT = 20_000;
const DAY = 24 * 3600 * 1000;
const CENTER = { latitude: 52.4895, longitude: 13.3935 };
const MARKET = 'Hofflohmarkt Bergmannkiez';
const ORGANISER = { email: 'orga.journey@example.org', firstName: 'Olga', lastName: 'Organisatorin' };

let stack: TestStack;
let mailbox: Mailbox;
let organizer: HttpSession & { id: string };
let page: Page;
let eventId: string;
const browsers = new Browsers();

const call = (who: HttpSession | null, method: string, pathname: string, body?: unknown): Promise<Answer> =>
  apiCall(stack.publicUrl, who, method, pathname, body);

const visible = (locator: Locator): Promise<void> =>
  waitVisible(locator, { timeout: WAIT, failureShot: SCREENSHOTS && path.join(SCREENSHOTS, 'journey-failed') });

async function shot(name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A stand `eastM` metres east of the market's centre, along one street (positions make the overview's areas). */
function near(eastM: number, northM = 0): { latitude: number; longitude: number } {
  return {
    latitude: Number((CENTER.latitude + northM / 111_195).toFixed(6)),
    longitude: Number((CENTER.longitude + eastM / (111_195 * Math.cos((CENTER.latitude * Math.PI) / 180))).toFixed(6)),
  };
}

const overview = () => page.getByRole('region', { name: 'Deine Übersicht' });
const counter = (label: string) =>
  overview()
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
const reviewList = () => page.locator('section#anmeldungen');
const row = (text: string) => reviewList().getByRole('listitem').filter({ hasText: text });

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST, gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' }, env: { MAIL_RETRY_MAX_MS: '1000' } });
  mailbox = new Mailbox(stack.mailDir);
  organizer = await signedInSession(stack.publicUrl, ORGANISER.email, ORGANISER.firstName, ORGANISER.lastName);
  const created = await call(organizer, 'POST', '/api/events', {
    name: MARKET,
    location: 'Bergmannstraße, 10961 Berlin',
    description: 'Hof- und Straßenflohmarkt im Kiez: Bücher, Kinderkleidung, Geschirr und Kuchen.',
    startDateTime: new Date(Date.now() + 21 * DAY).toISOString(),
    endDateTime: new Date(Date.now() + 21 * DAY + 6 * 3600 * 1000).toISOString(),
    ...CENTER,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  eventId = created.body.id;

  ({ page } = await browsers.launch({ profilePrefix: 'flohmarkt-journey-', germanUi: true, locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: DESKTOP }));
  await signInBrowser(page, stack.publicUrl, ORGANISER, { returnTo: `/events/${eventId}`, timeout: WAIT });
}, 240_000);

afterAll(async () => {
  await browsers.closeAll();
  await stack?.stop();
});

/** The manage links of the guests, by first name (a withdrawal uses one). */
const manageUrls = new Map<string, string>();

describe("the organiser's journey (issue 18)", () => {
  it('caps the market at 10 in the edit form', async () => {
    await page.goto(`${stack.publicUrl}/events/${eventId}/edit`);
    await page.getByLabel('Maximale Anzahl Stände').fill('10');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page.waitForURL(`${stack.publicUrl}/events/${eventId}`, { timeout: WAIT });
    await visible(counter('Freie Plätze').getByText('10 von 10'));
    expect((await call(null, 'GET', `/api/events/${eventId}`)).body.maxStands).toBe(10);
  });

  it('takes 10 registrations, puts the 11th and 12th on the waitlist, and shows both waiting in the cockpit', async () => {
    const sellers = await Promise.all(
      [
        ['verkauf.anna@example.org', 'Anna', 'Albers'],
        ['verkauf.bert@example.org', 'Bert', 'Brandt'],
        ['verkauf.clara@example.org', 'Clara', 'Cordes'],
      ].map(([email, first, last]) => signedInSession(stack.publicUrl, email!, first!, last!)),
    );
    const registrations: (() => Promise<Answer>)[] = [
      ...['Gerda', 'Hans', 'Ida', 'Jakob', 'Karla', 'Lutz', 'Mia', 'Nils'].map(
        (name, i) => () =>
          call(null, 'POST', `/api/events/${eventId}/guest-stands`, {
            guestFirstName: name,
            guestEmail: `${name.toLowerCase()}.journey@example.org`,
            description: `${name}s Hofstand: Bücher, Geschirr und Spielzeug`,
            categories: ['Bücher'],
            ...near(i * 40, i % 2 ? 12 : -12),
          }),
      ),
      () =>
        call(sellers[0]!, 'POST', '/api/stands', {
          eventId,
          description: 'Schallplatten und Kassetten aus den Achtzigern',
          categories: ['Bücher'],
          ...near(340, 12),
        }),
      () => call(sellers[1]!, 'POST', '/api/stands', { eventId, description: 'Werkzeug und Fahrradteile', categories: ['Bücher'], ...near(380, -12) }),
      // The 11th: a guest with an e-mail, first on the waitlist; the 12th: a signed-in seller, second.
      () =>
        call(null, 'POST', `/api/events/${eventId}/guest-stands`, {
          guestFirstName: 'Olaf',
          guestEmail: 'olaf.warteliste@example.org',
          description: 'Kinderkleidung Größe 98 bis 128',
          categories: ['Bücher'],
          ...near(420, 12),
        }),
      () => call(sellers[2]!, 'POST', '/api/stands', { eventId, description: 'Pflanzenableger und Übertöpfe', categories: ['Bücher'], ...near(460, -12) }),
    ];
    const answers: Answer[] = [];
    // One after the other: the waitlist keeps the order of arrival.
    for (const register of registrations) answers.push(await register());
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.find((a) => a.status !== 201)?.body),
    ).toEqual(Array(12).fill(201));
    expect(answers.map((a) => a.body.status)).toEqual([...Array(10).fill('pending'), 'waitlisted', 'waitlisted']);
    for (const [i, name] of ['Gerda', 'Hans', 'Ida', 'Jakob', 'Karla', 'Lutz', 'Mia', 'Nils'].entries()) manageUrls.set(name, answers[i]!.body.manageUrl);
    // Olaf confirms his address with the link of his first mail (issue 29): only then do notices reach him.
    await confirmGuestAddress(mailbox, 'olaf.warteliste@example.org');

    await page.reload();
    await visible(counter('Warteliste').getByText('2', { exact: true }));
    expect(await counter('Wartend').textContent()).toBe('10');
    expect(await counter('Freie Plätze').textContent()).toBe('0 von 10');
    // Where the stands are: grid cells without a geocoder.
    await visible(overview().getByRole('heading', { name: 'Stände nach Bereich' }));
    await visible(overview().getByRole('rowheader', { name: 'Bereich 1' }));
    // The review list opens with what needs a decision: ten waiting, two on the waitlist, in order.
    await visible(row('Olaf').getByText('Warteliste (Platz 1)'));
    await visible(row('Pflanzenableger').getByText('Warteliste (Platz 2)'));
    await shot('journey-1-waitlist');
  });

  it('moves the first waiting one up when a guest withdraws, shows it in the cockpit, and mails them', async () => {
    const token = manageUrls.get('Hans')!.split('/').pop();
    expect((await call(null, 'DELETE', `/api/guest-stands/${token}`)).status).toBe(204);

    await page.reload();
    await visible(counter('Warteliste').getByText('1', { exact: true }));
    expect(await counter('Wartend').textContent()).toBe('10');
    await visible(row('Olaf').getByText('Wartend', { exact: true }));
    await visible(row('Pflanzenableger').getByText('Warteliste (Platz 1)'));
    await shot('journey-2-promoted');

    const mail = await mailbox.waitForOne({
      to: 'olaf.warteliste@example.org',
      subject: `Ein Platz ist frei: Deine Anmeldung für „${MARKET}“ ist nachgerückt`,
    });
    expect(mail.text).toContain('Deine Anmeldung ist von der Warteliste nachgerückt');
    // A guest's mail leads to the event page (the manage link is shown once, never stored readable).
    expect(mail.links).toContain(`${stack.publicUrl}/events/${eventId}`);
  });

  it('approves the ten waiting registrations in one action', async () => {
    // Only 'Wartend': the one still on the waitlist has no place yet.
    await reviewList().getByRole('checkbox', { name: 'Warteliste' }).uncheck();
    await visible(reviewList().getByText('Alle 10 auswählen'));
    await reviewList().getByRole('checkbox', { name: 'Alle 10 auswählen' }).check();
    await visible(reviewList().getByText('10 ausgewählt'));
    await reviewList().getByRole('button', { name: 'Ausgewählte genehmigen' }).click();
    await visible(page.getByText('10 Stände freigeschaltet'));
    await visible(counter('Genehmigt').getByText('10', { exact: true }));
    expect(await counter('Wartend').textContent()).toBe('0');
    expect(await counter('Warteliste').textContent()).toBe('1');
    const approved = (await call(null, 'GET', `/api/events/${eventId}/stands`)).body as { status: string }[];
    expect(approved.filter((s) => s.status === 'approved')).toHaveLength(10);
    await shot('journey-3-approved');
  });

  it('numbers the approved stands in one click', async () => {
    const card = page.getByRole('region', { name: 'Stände nummerieren' });
    await card.getByRole('button', { name: 'Stände nummerieren' }).click();
    await visible(card.getByText('10 Stände haben die Nummern 1 bis 10 bekommen.'));
    const numbers = ((await call(null, 'GET', `/api/events/${eventId}/stands`)).body as { standNumber: string | null }[])
      .map((s) => Number(s.standNumber))
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await shot('journey-4-numbered');
  });

  it('opens the poster, the stand list and the stand map from the event page: real PDFs with the German texts', async () => {
    const kit = page.getByRole('region', { name: 'Zum Ausdrucken' });
    const expected: Record<string, { link: string; texts: (string | RegExp)[] }> = {
      // The kicker is set letter-spaced; long lines wrap (compared with single spaces below).
      'poster.pdf': {
        link: 'Plakat mit QR-Code (PDF)',
        texts: [/F ?L ?O ?H ?M ?A ?R ?K ?T/, MARKET, 'Bergmannstraße, 10961 Berlin', 'Alle Stände auf', /Code scannen/],
      },
      'stand-list.pdf': {
        link: 'Standliste (PDF)',
        texts: ['Standliste', MARKET, 'Nr.', 'Kategorien', 'Beschreibung', 'Schallplatten und Kassetten aus den Achtzigern', '10 Stände'],
      },
      'stand-map.pdf': { link: 'Standplan (PDF)', texts: ['Standplan', MARKET, 'Legende'] },
    };
    for (const [file, { link, texts }] of Object.entries(expected)) {
      const anchor = kit.getByRole('link', { name: new RegExp(`^${link.replace(/[()]/g, '\\$&')}`) });
      expect(await anchor.getAttribute('href')).toBe(`/api/events/${eventId}/${file}`);
      // The link opens a new tab; the file is what the server answers to that tab's request.
      const [response] = await Promise.all([
        page.context().waitForEvent('response', { predicate: (r) => r.url().endsWith(`/${file}`), timeout: WAIT }),
        anchor.click(),
      ]);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      // The tab's own copy may be gone once the viewer took it: the same request again, with the session.
      const bytes = Buffer.from(await (await page.context().request.get(response.url())).body());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(bytes) });
      const { text: raw, total } = await parser.getText();
      const text = raw.replace(/\s+/g, ' ');
      await parser.destroy();
      expect(total, file).toBeGreaterThanOrEqual(1);
      for (const t of texts) expect(text, `${file}: ${String(t)}`).toMatch(typeof t === 'string' ? new RegExp(t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : t);
      if (SCREENSHOTS) writeFileSync(path.join(SCREENSHOTS, `journey-${file}`), bytes);
    }
    for (const tab of page
      .context()
      .pages()
      .filter((p) => p !== page))
      await tab.close();
  });
});
