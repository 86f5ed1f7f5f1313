import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import { type HttpSession } from './support/browser-session.js';
import { MailPipeline } from './support/mail-pipeline.js';
import { CONFIRMATION_SUBJECT, Mailbox, confirmGuestAddress, confirmationLink, type ReceivedMail } from './support/mailbox.js';
import { startTestStack, type ChildEntry, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * The mails of issues 17 and 29 as people receive them, through the whole stack: the stands service
 * decides them, its outbox hands them to the mailer, SMTP to the development mail server, whose
 * .eml files are read here like a mail client would. A guest's address first gets one request to
 * confirm it and nothing else until its owner follows the link (confirmGuestAddress). Decisions and
 * changes settle 2 s here, the organiser's digest window is 6 s and the sweep 1 s (the product: 300 s,
 * 15 min and 20 s); the mailer retries at most every second. Where a mail must NOT come, the test
 * waits until nothing is on its way any more (support/mail-pipeline.ts: outboxes, queues, notices
 * waiting out their settle time, the mailer), so that one wrongly sent would be in the mailbox by then.
 */

let stack: TestStack;
let mailbox: Mailbox;
let pipeline: MailPipeline;

type Signed = HttpSession & { id: string };

function call(who: Signed | null, method: string, path: string, body?: unknown): Promise<Answer> {
  return apiCall(stack.publicUrl, who, method, path, body);
}

function signedIn(email: string, firstName: string, lastName: string): Promise<HttpSession & { id: string }> {
  return signedInSession(stack.publicUrl, email, firstName, lastName);
}

const START = new Date(Date.UTC(2031, 4, 10, 8, 0));
const CENTER = { latitude: 50.9413, longitude: 6.9583 };
const NEAR = { latitude: 50.945, longitude: 6.96 };
const ORGA = 'orga.mail@example.org';
const SETTLE_S = 2;

/** Every notice due has settled and gone its way through the outbox, mailer and SMTP: what was due has arrived. */
const settled = (): Promise<void> => pipeline.waitIdle();

let organizer: Signed;
let seller: Signed;

async function createEvent(name: string): Promise<string> {
  const res = await call(organizer, 'POST', '/api/events', {
    name,
    location: 'Domplatte, Köln',
    startDateTime: START.toISOString(),
    endDateTime: new Date(START.getTime() + 6 * 3600 * 1000).toISOString(),
    ...CENTER,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function guestStand(eventId: string, firstName: string, guestEmail?: string, lastName = 'Gast'): Promise<{ id: string; manageUrl: string }> {
  const res = await call(null, 'POST', `/api/events/${eventId}/guest-stands`, {
    guestFirstName: firstName,
    guestLastName: lastName,
    description: 'Bücher und alte Schallplatten',
    categories: ['Bücher'],
    ...(guestEmail ? { guestEmail } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The link of a mail that leads to `path` on our origin. */
function linkTo(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((l) => l.startsWith(`${stack.publicUrl}${path}`));
  expect(link, `${path} in ${mail.text}`).toBeDefined();
  return link!;
}

beforeAll(async () => {
  stack = await startTestStack({
    env: { DIGEST_WINDOW_MINUTES: '0.1', DIGEST_SWEEP_SECONDS: '1', MAIL_SETTLE_S: String(SETTLE_S), MAIL_RETRY_MAX_MS: '1000' },
    gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' },
  });
  mailbox = new Mailbox(stack.mailDir);
  pipeline = await MailPipeline.open(stack);
  [organizer, seller] = await Promise.all([signedIn(ORGA, 'Olga', 'Organisatorin'), signedIn('sven.mail@example.org', 'Sven', 'Seller')]);
});

afterAll(async () => {
  await pipeline?.close();
  await stack?.stop();
});

describe("a guest's mails", () => {
  it('asks an unconfirmed address to confirm it, in one mail holding nothing a user typed, and sends nothing else until then', async () => {
    const address = 'waltraud.mail@example.org';
    const market = await createEvent('Hofflohmarkt Ehrenfeld');
    const first = await guestStand(market, 'Waltraud', address, 'Wunderlich');
    const [request] = await mailbox.waitFor({ to: address, subject: CONFIRMATION_SUBJECT });
    expect(request.text).toContain('Samstag, 10. Mai 2031');
    expect(confirmationLink(request)).toMatch(new RegExp(`^${stack.publicUrl}/e-mail-bestaetigen/[A-Za-z0-9_-]{22}$`));
    // Whoever types someone else's address sends them nothing of their own: no name, description, market name or manage link.
    for (const typed of ['Waltraud', 'Wunderlich', 'Schallplatten', 'Hofflohmarkt Ehrenfeld', first.manageUrl]) {
      expect(request.text).not.toContain(typed);
      expect(request.html).not.toContain(typed);
    }
    expect(request.headers['list-unsubscribe']).toMatch(new RegExp(`^<${stack.publicUrl}/api/mail/unsubscribe/[A-Za-z0-9_-]{22}>$`));
    expect(request.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // A second registration with the address (at most one request a day) and a decision on the first: nothing more, neither now nor once settled.
    const second = await guestStand(market, 'Waltraud', address, 'Wunderlich');
    expect((await call(organizer, 'PATCH', `/api/stands/${first.id}/approve-draft`)).status).toBe(200);
    await settled();
    expect((await mailbox.find({ to: address })).map((m) => m.subject)).toEqual([CONFIRMATION_SUBJECT]);

    // Confirmed: both receipts held back go out with their manage links, and the decision as it stands now.
    await confirmGuestAddress(mailbox, address);
    const receipts = await mailbox.waitFor({ to: address, subject: 'Deine Standanmeldung für „Hofflohmarkt Ehrenfeld“ ist eingegangen' }, 2);
    expect(receipts.map((m) => linkTo(m, '/anmeldung/')).sort()).toEqual([first.manageUrl, second.manageUrl].sort());
    await mailbox.waitForOne({ to: address, subject: 'Dein Stand beim Flohmarkt „Hofflohmarkt Ehrenfeld“ ist genehmigt' });
    // Following the link again changes nothing and sends nothing; a made-up link is unknown.
    const token = confirmationLink(request).split('/').pop();
    expect(await call(null, 'GET', `/api/mail/confirm/${token}`)).toEqual({ status: 200, body: { confirmed: true } });
    expect((await call(null, 'GET', '/api/mail/confirm/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    await settled();
    expect(await mailbox.find({ to: address })).toHaveLength(4);

    // A confirmed address stays confirmed: the next market's registration brings its receipt at once.
    const nextMarket = await createEvent('Hofflohmarkt Bickendorf');
    const third = await guestStand(nextMarket, 'Waltraud', address, 'Wunderlich');
    const [receipt] = await mailbox.waitFor({ to: address, subject: 'Deine Standanmeldung für „Hofflohmarkt Bickendorf“ ist eingegangen' });
    expect(linkTo(receipt, '/anmeldung/')).toBe(third.manageUrl);
    expect((await mailbox.find({ to: address, subject: CONFIRMATION_SUBJECT })).length).toBe(1);
  });

  it("counts an account's address as confirmed, and greets there by no typed word that is not a name", async () => {
    const market = await createEvent('Flohmarkt Fremde Adresse');
    const stand = await guestStand(market, 'Gewinner! Besuche evil.example', 'sven.mail@example.org', 'Besuche-evil-example');
    const [receipt] = await mailbox.waitFor({ to: 'sven.mail@example.org', subject: 'Deine Standanmeldung für „Flohmarkt Fremde Adresse“ ist eingegangen' });
    expect(linkTo(receipt, '/anmeldung/')).toBe(stand.manageUrl);
    expect(receipt.text).toContain('Hallo,');
    for (const typed of ['Gewinner', 'evil.example', 'Besuche-evil-example']) {
      expect(receipt.text).not.toContain(typed);
      expect(receipt.html).not.toContain(typed);
    }
    expect(await mailbox.find({ to: 'sven.mail@example.org', subject: CONFIRMATION_SUBJECT })).toEqual([]);
  });

  it('brings the manage link once the address is confirmed, then the approval, each once, in German with text and HTML', async () => {
    const market = await createEvent('Hofflohmarkt Nippes');
    const { manageUrl } = await guestStand(market, 'Gerda', 'gerda.mail@example.org');
    await confirmGuestAddress(mailbox, 'gerda.mail@example.org');
    const [confirmation] = await mailbox.waitFor({ to: 'gerda.mail@example.org', subject: 'Deine Standanmeldung für „Hofflohmarkt Nippes“ ist eingegangen' });
    expect(linkTo(confirmation, '/anmeldung/')).toBe(manageUrl);
    expect(confirmation.text).toContain('Termin: Samstag, 10. Mai 2031, 10:00–16:00 Uhr');
    expect(confirmation.html).toContain(`href="${manageUrl}"`);
    // Every mail has the one-click opt-out (issue 29), the receipt too.
    expect(confirmation.headers['list-unsubscribe']).toMatch(new RegExp(`^<${stack.publicUrl}/api/mail/unsubscribe/[A-Za-z0-9_-]{22}>$`));

    // The link from the mail opens the registration: pending, then approved.
    const token = manageUrl.slice(manageUrl.lastIndexOf('/') + 1);
    expect((await call(null, 'GET', `/api/guest-stands/${token}`)).body.status).toBe('pending');
    const [draft] = (await call(organizer, 'GET', `/api/events/${market}/draft-stands`)).body;
    expect((await call(organizer, 'PATCH', `/api/stands/${draft.id}/approve-draft`)).status).toBe(200);
    expect((await call(organizer, 'PATCH', `/api/stands/${draft.id}/approve-draft`)).status).toBe(200);
    const [approved] = await mailbox.waitFor({ to: 'gerda.mail@example.org', subject: 'Dein Stand beim Flohmarkt „Hofflohmarkt Nippes“ ist genehmigt' });
    expect(approved.headers['list-unsubscribe']).toMatch(new RegExp(`^<${stack.publicUrl}/api/mail/unsubscribe/[A-Za-z0-9_-]{22}>$`));
    expect(approved.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect((await call(null, 'GET', `/api/guest-stands/${token}`)).body.status).toBe('approved');
    await settled();
    expect((await mailbox.find({ to: 'gerda.mail@example.org' })).map((m) => m.subject)).toEqual([
      CONFIRMATION_SUBJECT,
      'Deine Standanmeldung für „Hofflohmarkt Nippes“ ist eingegangen',
      'Dein Stand beim Flohmarkt „Hofflohmarkt Nippes“ ist genehmigt',
    ]);
  });

  it('tells a decision changed back and forth within the settle time once, as it ended, and one undone not at all', async () => {
    const address = 'ilse.mail@example.org';
    const market = await createEvent('Flohmarkt Hin und Her');
    const stand = await guestStand(market, 'Ilse', address);
    await confirmGuestAddress(mailbox, address);
    await mailbox.waitForOne({ to: address, subject: /ist eingegangen$/ });

    for (const [action, body] of [
      ['approve-draft', undefined],
      ['reject', { reason: 'Doch kein Platz.' }],
      ['approve-draft', undefined],
    ] as const)
      expect((await call(organizer, 'PATCH', `/api/stands/${stand.id}/${action}`, body)).status).toBe(200);
    const [approved] = await mailbox.waitFor({ to: address, subject: 'Dein Stand beim Flohmarkt „Flohmarkt Hin und Her“ ist genehmigt' });
    expect(approved.text).not.toContain('Doch kein Platz.');

    // Rejected and approved again before it settled: what they were told still holds, so nothing goes.
    expect((await call(organizer, 'PATCH', `/api/stands/${stand.id}/reject`, { reason: 'Doch kein Platz.' })).status).toBe(200);
    expect((await call(organizer, 'PATCH', `/api/stands/${stand.id}/approve-draft`)).status).toBe(200);
    await settled();
    expect((await mailbox.find({ to: address })).map((m) => m.subject)).toEqual([
      CONFIRMATION_SUBJECT,
      'Deine Standanmeldung für „Flohmarkt Hin und Her“ ist eingegangen',
      'Dein Stand beim Flohmarkt „Flohmarkt Hin und Her“ ist genehmigt',
    ]);
  });

  it("opts out with the mail program's one-click POST, without sign-in; later notices to that address stay away", async () => {
    const market = await createEvent('Trödelmarkt Sülz');
    await guestStand(market, 'Hanna', 'hanna.mail@example.org');
    await confirmGuestAddress(mailbox, 'hanna.mail@example.org');
    await mailbox.waitForOne({ to: 'hanna.mail@example.org', subject: /ist eingegangen$/ });
    const drafts = (await call(organizer, 'GET', `/api/events/${market}/draft-stands`)).body as { id: string }[];
    await call(organizer, 'PATCH', `/api/stands/${drafts[0].id}/reject`, { reason: 'Der Platz ist leider voll.' });
    const [rejected] = await mailbox.waitFor({ to: 'hanna.mail@example.org', subject: /abgelehnt$/ });
    expect(rejected.text).toContain('Begründung: Der Platz ist leider voll.');
    const oneClick = rejected.headers['list-unsubscribe'].slice(1, -1);
    const token = oneClick.slice(oneClick.lastIndexOf('/') + 1);
    expect(linkTo(rejected, '/abmelden/')).toBe(`${stack.publicUrl}/abmelden/${token}`);

    const before = await call(null, 'GET', `/api/mail/unsubscribe/${token}`);
    expect(before).toEqual({ status: 200, body: { scope: 'stand-updates', eventName: null, unsubscribed: false } });
    // RFC 8058: the mail program posts this form body, with no Origin and no cookie.
    const posted = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect((await call(null, 'POST', `/api/mail/unsubscribe/${token}`)).body.unsubscribed).toBe(true);
    expect((await call(null, 'GET', '/api/mail/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await call(null, 'DELETE', '/api/mail/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);

    await call(organizer, 'PATCH', `/api/stands/${drafts[0].id}/approve-draft`);
    await settled();
    expect((await mailbox.find({ to: 'hanna.mail@example.org' })).map((m) => m.subject)).toEqual([
      CONFIRMATION_SUBJECT,
      'Deine Standanmeldung für „Trödelmarkt Sülz“ ist eingegangen',
      'Deine Standanmeldung für „Trödelmarkt Sülz“ wurde abgelehnt',
    ]);

    // „Doch wieder erhalten“: the opt-out taken back, the next notice (the market cancelled) arrives again.
    expect(await call(null, 'DELETE', `/api/mail/unsubscribe/${token}`)).toEqual({
      status: 200,
      body: { scope: 'stand-updates', eventName: null, unsubscribed: false },
    });
    await call(organizer, 'PATCH', `/api/events/${market}/cancel`, { reason: 'Der Platz wird gebaut.' });
    const [cancelled] = await mailbox.waitFor({ to: 'hanna.mail@example.org', subject: /^Abgesagt: Flohmarkt/ });
    expect(cancelled.text).toContain('Der Platz wird gebaut.');
  });
});

describe("the organiser's digest", () => {
  it('tells of the first registration at once and bundles the next ones into one mail after the window', async () => {
    const market = await createEvent('Flohmarkt Digest');
    await guestStand(market, 'Anton');
    const subjectOf = (n: number) => (n === 1 ? 'Neue Standanmeldung für „Flohmarkt Digest“' : `${n} neue Standanmeldungen für „Flohmarkt Digest“`);
    const [first] = await mailbox.waitFor({ to: ORGA, subject: subjectOf(1) });
    expect(first.text).toContain('• Anton Gast (Gast) – Bücher – Wartend');
    expect(linkTo(first, `/events/${market}`)).toBe(`${stack.publicUrl}/events/${market}#anmeldungen`);
    expect(first.headers['list-unsubscribe']).toMatch(/\/api\/mail\/unsubscribe\//);

    await guestStand(market, 'Berta');
    const registered = await call(seller, 'POST', '/api/stands', {
      eventId: market,
      description: 'Kinderkleidung und Spielzeug',
      categories: ['Kinderkleidung'],
      ...NEAR,
    });
    expect(registered.status).toBe(201);
    const [second] = await mailbox.waitFor({ to: ORGA, subject: subjectOf(2) }, 1, 20_000);
    expect(second.text).toContain('• Berta Gast (Gast)');
    expect(second.text).toContain('• Sven Seller – Kinderkleidung – Wartend');
    expect(second.text).not.toContain('Anton');
    // One mail per window: its arrival came at least the window after the first.
    expect(new Date(second.headers.date).getTime() - new Date(first.headers.date).getTime()).toBeGreaterThanOrEqual(5_000);
  });
});

describe('a cancelled market', () => {
  it('tells every guest and seller with an address once, with the reason', async () => {
    const market = await createEvent('Flohmarkt Absage');
    await guestStand(market, 'Clara', 'clara.mail@example.org');
    await confirmGuestAddress(mailbox, 'clara.mail@example.org');
    await guestStand(market, 'Dora');
    expect(
      (await call(seller, 'POST', '/api/stands', { eventId: market, description: 'Werkzeug und Fahrräder', categories: ['Werkzeug'], ...NEAR })).status,
    ).toBe(201);
    expect((await call(organizer, 'PATCH', `/api/events/${market}/cancel`, { reason: 'Sturmwarnung für Samstag.' })).status).toBe(200);
    const subject = 'Abgesagt: Flohmarkt „Flohmarkt Absage“ (Samstag, 10. Mai 2031, 10:00–16:00 Uhr)';
    const [clara] = await mailbox.waitFor({ to: 'clara.mail@example.org', subject });
    const [sven] = await mailbox.waitFor({ to: 'sven.mail@example.org', subject });
    for (const mail of [clara, sven]) expect(mail.text).toContain('Begründung: Sturmwarnung für Samstag.');
    await settled();
    expect(await mailbox.find({ subject })).toHaveLength(2);
  });
});

describe('a moved market', () => {
  it('tells its people the new date once it settled, and a second move within the change interval not again', async () => {
    const address = 'frieda.mail@example.org';
    const market = await createEvent('Flohmarkt Verlegt');
    await guestStand(market, 'Frieda', address);
    await confirmGuestAddress(mailbox, address);
    await mailbox.waitForOne({ to: address, subject: /ist eingegangen$/ });
    const moveBy = async (days: number) => {
      const event = (await call(organizer, 'GET', `/api/events/${market}`)).body;
      const shift = (iso: string) => new Date(new Date(iso).getTime() + days * 24 * 3600 * 1000).toISOString();
      const moved = await call(organizer, 'PUT', `/api/events/${market}`, {
        ...event,
        startDateTime: shift(event.startDateTime),
        endDateTime: shift(event.endDateTime),
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    };

    await moveBy(7);
    const subject = 'Geändert: Termin oder Ort des Flohmarkts „Flohmarkt Verlegt“';
    const [moved] = await mailbox.waitFor({ to: address, subject });
    expect(moved.text).toContain('Termin: Samstag, 17. Mai 2031, 10:00–16:00 Uhr');
    expect(moved.text).toContain('Bisher: Samstag, 10. Mai 2031, 10:00–16:00 Uhr, Domplatte, Köln');

    // Moved again at once: the market's people heard of a change less than MAIL_CHANGE_INTERVAL_H (6 h) ago.
    await moveBy(7);
    await settled();
    expect(await mailbox.find({ to: address, subject })).toHaveLength(1);
  });
});

describe('SMTP down during a burst of approvals', () => {
  it('delays the ten mails and loses none: they arrive once each after the server is back', async () => {
    const market = await createEvent('Flohmarkt Ausfall');
    for (let i = 1; i <= 10; i++) await guestStand(market, `Gast${i}`, `gast${i}.ausfall@example.org`);
    for (let i = 1; i <= 10; i++) await confirmGuestAddress(mailbox, `gast${i}.ausfall@example.org`);
    await mailbox.waitFor({ subject: 'Deine Standanmeldung für „Flohmarkt Ausfall“ ist eingegangen' }, 10);

    const smtp = stack.entries.devMail as ChildEntry;
    await stack.group.stopOne(smtp);
    const failedBefore = await pipeline.failedSends();
    const drafts = (await call(organizer, 'GET', `/api/events/${market}/draft-stands`)).body as { id: string }[];
    expect(drafts).toHaveLength(10);
    for (const draft of drafts) expect((await call(organizer, 'PATCH', `/api/stands/${draft.id}/approve-draft`)).status).toBe(200);
    // Settled meanwhile: the mails are on their way (all in the mailer's queue, which has tried and failed as
    // often as there are mails), and none arrives.
    await pipeline.waitHandedToMailer();
    await until('the mailer failing to reach SMTP', async () => (await pipeline.failedSends()) - failedBefore >= drafts.length);
    const subject = 'Dein Stand beim Flohmarkt „Flohmarkt Ausfall“ ist genehmigt';
    expect(await mailbox.find({ subject })).toHaveLength(0);

    stack.entries.devMail = stack.group.restart(smtp);
    await until('ten approvals delivered', async () => (await mailbox.find({ subject })).length >= 10, 45_000);
    // Nothing left on its way: a duplicate would have landed by now.
    await settled();
    const arrived = await mailbox.find({ subject });
    expect(arrived.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `gast${i + 1}.ausfall@example.org`).sort());
  });
});
