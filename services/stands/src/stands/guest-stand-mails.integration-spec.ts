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
 * What a guest registration mails, seen through the stands service's HTTP app (issue 29 and the wire
 * contract's safety limits): an address nobody confirmed gets one request to confirm it, holding no
 * word anyone typed, at most one per mailbox in 24 h; once its owner followed the link it stays
 * confirmed, and an account's address counts as confirmed. What then reaches it about a registration
 * someone else made carries none of their words: a first name that does not read as a name is left out.
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

/** Nothing the registrant typed (BAIT) is in the mail; `manageUrl` only where the mail is the receipt. */
function expectNothingTyped(mail: Mail, manageUrl?: string) {
  for (const typed of ['Gewinner', 'evil.example', 'Preis', 'gewinnen', ...(manageUrl ? [manageUrl] : [])]) {
    expect(mail.subject, typed).not.toContain(typed);
    expect(mail.text, typed).not.toContain(typed);
    expect(mail.html, typed).not.toContain(typed);
  }
}

describe('a guest registration with the address of an account', () => {
  it('brings its owner the receipt at once (the provider verified the address), with none of the registrant’s words', async () => {
    const stand = await register(MARKETS[0], 'sven@example.de');
    const [receipt, ...more] = await mailsTo('sven@example.de');
    expect(more).toEqual([]);
    expect(receipt.kind).toBe('guest-registered');
    expect(receipt.text).toContain(stand.manageUrl);
    expect(receipt.text).toContain('Hallo,');
    expectNothingTyped(receipt);

    // The organiser's decision follows once settled, with the organiser's reason.
    expect((await send('PATCH', `/stands/${stand.id}/reject`, { reason: 'Der Platz ist leider schon voll.' }, ORGANIZER)).status).toBe(200);
    await settle();
    const sent = await mailsTo('sven@example.de');
    expect(sent.map((m) => m.kind)).toEqual(['guest-registered', 'stand-rejected']);
    expect(sent[1].text).toContain('Der Platz ist leider schon voll.');
    expectNothingTyped(sent[1]);
  });
});

describe('a guest address nobody confirmed', () => {
  it('gets one request holding nothing typed; its link releases receipt and decision; the address stays confirmed for the next market', async () => {
    const address = 'gisela@example.de';
    const first = await register(MARKETS[0], address);
    const [request, ...more] = await mailsTo(address);
    expect(more).toEqual([]);
    expect(request.kind).toBe('mail-confirmation');
    expectNothingTyped(request, first.manageUrl);

    // The organiser's decision with its reason reaches nobody while the address is unconfirmed.
    expect((await send('PATCH', `/stands/${first.id}/reject`, { reason: 'Siehe Aushang' }, ORGANIZER)).status).toBe(200);
    await settle();
    expect((await mailsTo(address)).map((m) => m.kind)).toEqual(['mail-confirmation']);

    // The owner follows the link: the receipt with the manage link, then the decision as it is now.
    expect(await confirm(request)).toMatchObject({ status: 200, body: { confirmed: true } });
    let sent = await mailsTo(address);
    expect(sent.map((m) => m.kind)).toEqual(['mail-confirmation', 'guest-registered', 'stand-rejected']);
    expect(sent[1].text).toContain(first.manageUrl);

    // The next registration, at the other market: its receipt at once, no new request, still none of the registrant's words.
    const second = await register(MARKETS[1], address);
    sent = await mailsTo(address);
    expect(sent.map((m) => m.kind)).toEqual(['mail-confirmation', 'guest-registered', 'stand-rejected', 'guest-registered']);
    expect(sent[3].text).toContain(second.manageUrl);
    expect(sent[3].subject).toContain('Trödelmarkt Sülz');
    expectNothingTyped(sent[3]);
    // The link again: answered, nothing more.
    expect(await confirm(request)).toMatchObject({ status: 200, body: { confirmed: true } });
    expect(await mailsTo(address)).toHaveLength(4);
  });
});

describe('the confirmation budget', () => {
  it('is one per mailbox and 24 h: plus-addresses share it, and the request goes to the address as typed', async () => {
    for (const address of ['victim+1@example.org', 'victim+2@example.org', 'Victim+3@Example.org', 'victim@example.org']) await register(MARKETS[0], address);
    const requests = (await outboxMails(fresh.ds)).filter((m) => m.kind === 'mail-confirmation' && /victim/i.test(m.to));
    expect(requests.map((m) => m.to)).toEqual(['victim+1@example.org']);

    // Dots and googlemail count as one gmail mailbox too.
    for (const address of ['vic.tim@gmail.com', 'victim+a@googlemail.com', 'v.i.c.t.i.m@gmail.com', 'victim@gmail.com']) await register(MARKETS[1], address);
    const gmail = (await outboxMails(fresh.ds)).filter((m) => m.kind === 'mail-confirmation' && /mail\.com$/.test(m.to));
    expect(gmail.map((m) => m.to)).toEqual(['vic.tim@gmail.com']);

    // A day later the mailbox may be asked again.
    await fresh.ds.query(`UPDATE "mail_confirmation_tokens" SET "created_at" = now() - interval '25 hours'`);
    await register(MARKETS[0], 'victim+5@example.org');
    expect((await mailsTo('victim+5@example.org')).map((m) => m.kind)).toEqual(['mail-confirmation']);
  });
});
