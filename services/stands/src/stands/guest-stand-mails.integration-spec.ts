import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { MailConfirmations } from '../notifications/mail-confirmations.js';
import { MailConfirmationsController } from '../notifications/mail-confirmations.controller.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { SettledNotices } from '../notifications/settled-notices.js';
import { StandNotices } from '../notifications/stand-notices.js';
import { EventsClient } from '../peers/events-client.js';
import type { FreshDatabase } from '../testing/fresh-database.js';
import { eventAnswerOf, eventFacts, outboxMails, type Mail } from '../testing/fixtures.js';
import { STAND_READS, jsonCalls, user, withStandsApp } from '../testing/stands-app.js';
import { GuestStandsController } from './guest-stands.controller.js';
import { ModerationController } from './moderation.controller.js';
import { StandCommands } from './stand-commands.js';

/*
 * What a guest registration mails, seen through the stands service's HTTP app (security review after
 * issue 29): whoever types an address sends its owner nothing but a request to confirm that very
 * registration, holding no word they typed, within one budget per mailbox; the receipt, the
 * organiser's decision and its reason follow only the owner's click on that registration's link.
 */

const ORGANIZER = user('organizer');
const ACCOUNT = randomUUID();
const MARKETS = [randomUUID(), randomUUID()];
const facts = MARKETS.map((eventId, i) =>
  eventFacts({ eventId, organizerId: ORGANIZER['x-user-id'], name: i === 0 ? 'Hofflohmarkt Ehrenfeld' : 'Trödelmarkt Sülz', location: 'Köln' }),
);

let fresh: FreshDatabase;
let base: string;
let app: INestApplication;

withStandsApp(
  {
    controllers: [GuestStandsController, ModerationController, MailConfirmationsController],
    providers: [
      { provide: EventsClient, useValue: { find: async (id: string) => facts.map(eventAnswerOf).find((e) => e.id === id) ?? null } },
      MailOptOuts,
      StandNotices,
      StandCommands,
      MailConfirmations,
      SettledNotices,
      ...STAND_READS,
    ],
    events: facts,
    users: [[ACCOUNT, 'Sven', 'Seller', 'sven@example.de']],
  },
  (started) => ({ base, fresh, app } = started),
);

const send = jsonCalls(() => base, { idempotent: true });

/** What an attacker types into the guest form to make it carry their words. */
const BAIT = {
  guestFirstName: 'Gewinner! Besuche http://evil.example/win',
  guestLastName: 'Preis',
  description: 'Jetzt gewinnen unter http://evil.example/win',
};

async function register(market: string, guestEmail: string, fields: Record<string, string> = BAIT) {
  const res = await send<{ id: string; manageUrl: string }>('POST', `/events/${market}/guest-stands`, { categories: ['Kleidung'], ...fields, guestEmail });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const mailsTo = async (address: string): Promise<Mail[]> => (await outboxMails(fresh.ds)).filter((m) => m.to === address);
const tokenOf = (mail: Mail) => /\/e-mail-bestaetigen\/([A-Za-z0-9_-]{22})/.exec(mail.text)?.[1] ?? '';
const confirm = (mail: Mail) => send('GET', `/mail/confirm/${tokenOf(mail)}`);
/** Every decision settled: the time after MAIL_SETTLE_S (300 s by default) of all done until now. */
const settle = () => app.get(SettledNotices).sendDue(new Date(Date.now() + 10 * 60_000));

function expectNothingTyped(mail: Mail, manageUrl: string) {
  for (const typed of ['Gewinner', 'evil.example', 'Preis', 'gewinnen', manageUrl]) {
    expect(mail.subject, typed).not.toContain(typed);
    expect(mail.text, typed).not.toContain(typed);
    expect(mail.html, typed).not.toContain(typed);
  }
}

describe('a guest registration with the address of an account', () => {
  it('sends its owner only the request to confirm it; receipt, decision and reason wait for the owner’s click', async () => {
    const stand = await register(MARKETS[0], 'sven@example.de');
    const [request, ...more] = await mailsTo('sven@example.de');
    expect(more).toEqual([]);
    expect(request.kind).toBe('mail-confirmation');
    expectNothingTyped(request, stand.manageUrl);

    // The organiser's decision with its free-text reason reaches nobody while the registration is unconfirmed.
    expect((await send('PATCH', `/stands/${stand.id}/reject`, { reason: 'Siehe http://evil.example/grund' }, ORGANIZER)).status).toBe(200);
    await settle();
    expect((await mailsTo('sven@example.de')).map((m) => m.kind)).toEqual(['mail-confirmation']);

    // The owner follows the link: the receipt with the manage link, then the decision as it is now.
    expect(await confirm(request)).toMatchObject({ status: 200, body: { confirmed: true } });
    const sent = await mailsTo('sven@example.de');
    expect(sent.map((m) => m.kind)).toEqual(['mail-confirmation', 'guest-registered', 'stand-rejected']);
    expect(sent[1].text).toContain(stand.manageUrl);
  });
});

describe('a guest address its owner confirmed for an earlier registration', () => {
  it('is asked again for the next one, the same day, and only that registration’s link releases its mails', async () => {
    const address = 'gisela@example.de';
    const first = await register(MARKETS[0], address, { guestFirstName: 'Gisela', description: 'Bücher und Spielzeug' });
    const [firstRequest] = await mailsTo(address);
    await confirm(firstRequest);
    expect((await mailsTo(address)).map((m) => m.kind)).toEqual(['mail-confirmation', 'guest-registered']);
    expect((await mailsTo(address))[1].text).toContain(first.manageUrl);

    // Someone else registers with the confirmed address at the second market: its owner gets a request, no receipt.
    const second = await register(MARKETS[1], address);
    const afterSecond = await mailsTo(address);
    expect(afterSecond.map((m) => m.kind)).toEqual(['mail-confirmation', 'guest-registered', 'mail-confirmation']);
    const secondRequest = afterSecond[2];
    expect(tokenOf(secondRequest)).not.toBe(tokenOf(firstRequest));
    expectNothingTyped(secondRequest, second.manageUrl);
    expect((await send('PATCH', `/stands/${second.id}/approve-draft`, undefined, ORGANIZER)).status).toBe(200);
    await settle();
    // The first registration's link again: answered, but it confirms nothing else.
    expect(await confirm(firstRequest)).toMatchObject({ status: 200, body: { confirmed: true } });
    expect(await mailsTo(address)).toHaveLength(3);

    // The owner follows the second request's link (it was them after all): that receipt and its approval.
    await confirm(secondRequest);
    const sent = await mailsTo(address);
    expect(sent.map((m) => m.kind)).toEqual(['mail-confirmation', 'guest-registered', 'mail-confirmation', 'guest-registered', 'stand-approved']);
    expect(sent[3].text).toContain(second.manageUrl);
    expect(sent[3].subject).toContain('Trödelmarkt Sülz');
  });
});

describe('the confirmation budget', () => {
  it('is one per mailbox: plus-addresses share it, and each request goes to the address as typed', async () => {
    for (const address of ['victim+1@example.org', 'victim+2@example.org', 'Victim+3@Example.org', 'victim@example.org']) await register(MARKETS[0], address);
    const requests = (await outboxMails(fresh.ds)).filter((m) => m.kind === 'mail-confirmation' && /victim/i.test(m.to));
    expect(requests.map((m) => m.to)).toEqual(['victim+1@example.org', 'victim+2@example.org', 'victim+3@example.org']);

    // Dots and googlemail count as one gmail mailbox too.
    for (const address of ['vic.tim@gmail.com', 'victim+a@googlemail.com', 'v.i.c.t.i.m@gmail.com', 'victim@gmail.com']) await register(MARKETS[1], address);
    const gmail = (await outboxMails(fresh.ds)).filter((m) => m.kind === 'mail-confirmation' && /mail\.com$/.test(m.to));
    expect(gmail.map((m) => m.to)).toEqual(['vic.tim@gmail.com', 'victim+a@googlemail.com', 'v.i.c.t.i.m@gmail.com']);

    // A day later the mailbox may be asked again.
    await fresh.ds.query(`UPDATE "mail_confirmation_tokens" SET "created_at" = now() - interval '25 hours'`);
    await register(MARKETS[0], 'victim+5@example.org');
    expect((await mailsTo('victim+5@example.org')).map((m) => m.kind)).toEqual(['mail-confirmation']);
  });
});
