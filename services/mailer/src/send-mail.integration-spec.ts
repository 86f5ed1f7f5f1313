import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_CONFIRMATION_KIND, type TJobPayload } from '@flohmarkt/contracts';
import { JsonLogger } from '@flohmarkt/server-kit';
import { AddressBudget, BUDGET_WINDOW_MS } from './address-budget.js';
import { MailSender } from './send-mail.js';
import { SentMarker } from './sent-marker.js';

/** A real SMTP server on loopback that keeps what it receives, and refuses one address for good. */
let received: ParsedMail[] = [];
let server: SMTPServer;
let port: number;
let redis: Redis;
const prefix = `flohmarkt-mailer-test:${randomBytes(4).toString('hex')}:`;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) =>
      address.address === 'gibt-es-nicht@example.org' ? callback(Object.assign(new Error('No such user'), { responseCode: 550 })) : callback(),
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(keys);
  await redis.quit();
  await new Promise<void>((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
});

const LIMITS = { perDay: 20, thirdPartyPerDay: 10, confirmationsPerDay: 1, guestStandMailsPerDay: 5 };

function senderTo(smtpPort: number, onDropped?: (reason: string, kind: string) => void): MailSender {
  const transport = nodemailer.createTransport({ url: `smtp://127.0.0.1:${smtpPort}`, connectionTimeout: 2000, greetingTimeout: 2000, socketTimeout: 2000 });
  return new MailSender(
    transport,
    new SentMarker(redis, prefix, 60_000),
    'Flohmarkt <noreply@flohmarkt.example.org>',
    'noreply@flohmarkt.example.org',
    new JsonLogger('mailer-test', 'error'),
    new AddressBudget(redis, prefix, LIMITS),
    onDropped,
  );
}

/** A fresh address per test: the budgets outlive a test (they live in Redis for 24 h). */
const someone = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.org`;

/** A header's value as it was written (mailparser folds List-* headers into one object). */
function headerLine(parsed: ParsedMail, name: string): string | null {
  const line = parsed.headerLines.find((h) => h.key === name)?.line;
  return line
    ? line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim()
    : null;
}

function mail(overrides: Partial<TJobPayload<'MailRequested'>> = {}): TJobPayload<'MailRequested'> {
  return {
    mailId: randomUUID(),
    to: someone('anna'),
    subject: 'Dein Stand wurde genehmigt – Hofflohmarkt Südstadt',
    text: 'Hallo Anna,\n\ndein Stand ist genehmigt: https://flohmarkt.example.org/staende/1\n',
    html: '<p>Hallo Anna,</p><p>dein Stand ist <a href="https://flohmarkt.example.org/staende/1">genehmigt</a>.</p>',
    kind: 'stand-approved',
    unsubscribeUrl: 'https://flohmarkt.example.org/api/mail/unsubscribe/abc',
    aboutGuestStand: false,
    ...overrides,
  };
}

describe('MailSender against a real SMTP server', () => {
  it('sends text and HTML in UTF-8 from MAIL_FROM, with the mail id as Message-ID and one-click List-Unsubscribe', async () => {
    const request = mail();
    expect(await senderTo(port).send(request)).toBe('sent');
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got.from?.value).toEqual([{ name: 'Flohmarkt', address: 'noreply@flohmarkt.example.org' }]);
    expect(got.to && !Array.isArray(got.to) ? got.to.text : '').toBe(request.to);
    expect(got.subject).toBe('Dein Stand wurde genehmigt – Hofflohmarkt Südstadt');
    expect(got.messageId).toBe(`<${request.mailId}@flohmarkt.example.org>`);
    expect(headerLine(got, 'list-unsubscribe')).toBe('<https://flohmarkt.example.org/api/mail/unsubscribe/abc>');
    expect(headerLine(got, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(got.text).toBe(request.text);
    expect(got.html).toContain('<a href="https://flohmarkt.example.org/staende/1">genehmigt</a>');
    expect(String((got.headers.get('content-type') as { value: string }).value)).toBe('multipart/alternative');
  });

  it('leaves List-Unsubscribe out of a mail that names no opt-out', async () => {
    await senderTo(port).send(mail({ unsubscribeUrl: null }));
    expect(headerLine(received[0], 'list-unsubscribe')).toBeNull();
    expect(headerLine(received[0], 'list-unsubscribe-post')).toBeNull();
  });

  it('sends a mail id once, however often its job runs', async () => {
    const request = mail();
    const sender = senderTo(port);
    expect(await sender.send(request)).toBe('sent');
    expect(await sender.send(request)).toBe('already-sent');
    expect(await senderTo(port).send(request)).toBe('already-sent');
    expect(received).toHaveLength(1);
  });

  it('throws while the SMTP server cannot be reached (the job is retried) and sends once it is back', async () => {
    const request = mail();
    const closed = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ logger: false });
      probe.listen(0, '127.0.0.1', () => {
        const free = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    await expect(senderTo(closed).send(request)).rejects.toThrow(/SMTP: .*ECONNREFUSED/);
    expect(await senderTo(port).send(request)).toBe('sent');
    expect(received).toHaveLength(1);
  });

  it('gives up on an address the server refuses for good (550), without retrying', async () => {
    const request = mail({ to: 'gibt-es-nicht@example.org' });
    expect(await senderTo(port).send(request)).toBe('refused');
    expect(await senderTo(port).send(request)).toBe('already-sent');
    expect(received).toHaveLength(0);
  });
});

describe('the budget of each address', () => {
  const arrivedAt = (address: string) => received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text.toLowerCase() === address.toLowerCase()).length;

  it('sends at most 20 mails a day to one address, drops the rest (counted, once for good), and leaves other addresses alone', async () => {
    const dropped: string[] = [];
    const sender = senderTo(port, (reason, kind) => dropped.push(`${reason}/${kind}`));
    const anna = someone('anna');
    const results: string[] = [];
    for (let i = 0; i < 25; i++) results.push(await sender.send(mail({ to: i % 2 ? anna.toUpperCase() : anna })));
    expect(results.filter((r) => r === 'sent')).toHaveLength(20);
    expect(results.slice(20)).toEqual(Array(5).fill('dropped'));
    expect(arrivedAt(anna)).toBe(20);
    expect(dropped).toEqual(Array(5).fill('address-budget/stand-approved'));

    const ben = someone('ben');
    expect(await sender.send(mail({ to: ben }))).toBe('sent');
    expect(arrivedAt(ben)).toBe(1);
  });

  it('lets one confirmation request a day through to an address; it counts against the 20 too', async () => {
    const sender = senderTo(port);
    const carla = someone('carla');
    expect(await sender.send(mail({ to: carla, kind: MAIL_CONFIRMATION_KIND, unsubscribeUrl: null }))).toBe('sent');
    expect(await sender.send(mail({ to: carla, kind: MAIL_CONFIRMATION_KIND, unsubscribeUrl: null }))).toBe('dropped');
    expect(await sender.send(mail({ to: carla }))).toBe('sent');
    expect(arrivedAt(carla)).toBe(2);
  });

  it('counts one mailbox once: plus-addresses, letter case and gmail dots share the budgets; each mail goes to the address as given', async () => {
    const sender = senderTo(port);
    const victim = someone('victim');
    const [local, domain] = victim.split('@');
    const confirmation = (to: string) => mail({ to, kind: MAIL_CONFIRMATION_KIND, unsubscribeUrl: null });
    expect(await sender.send(confirmation(`${local}+1@${domain}`))).toBe('sent');
    expect(await sender.send(confirmation(`${local}+2@${domain}`))).toBe('dropped');
    expect(await sender.send(confirmation(`${local.toUpperCase()}@${domain}`))).toBe('dropped');
    expect(received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual([`${local}+1@${domain}`]);

    const gmail = `${randomBytes(4).toString('hex')}abc@gmail.com`;
    expect(await sender.send(confirmation(gmail))).toBe('sent');
    expect(await sender.send(confirmation(`${gmail.slice(0, 2)}.${gmail.slice(2).replace('gmail.com', 'googlemail.com')}`))).toBe('dropped');

    // The day's 20 of every kind are one mailbox's too.
    const budget = new AddressBudget(redis, prefix, { perDay: 2, thirdPartyPerDay: 1, confirmationsPerDay: 1, guestStandMailsPerDay: 1 });
    const plus = someone('plus');
    const [l, d] = plus.split('@');
    expect(await budget.take({ mailId: randomUUID(), to: `${l}+a@${d}`, kind: 'stand-approved' })).toBeNull();
    expect(await budget.take({ mailId: randomUUID(), to: `${l}+b@${d}`, kind: 'stand-approved' })).toBeNull();
    expect(await budget.take({ mailId: randomUUID(), to: `${l}+c@${d}`, kind: 'stand-approved' })).toBe('address-budget');
  });

  it('counts a mail once however often its job runs, and lets the address be mailed again a day later', async () => {
    const budget = new AddressBudget(redis, prefix, { perDay: 2, thirdPartyPerDay: 1, confirmationsPerDay: 1, guestStandMailsPerDay: 1 });
    const dora = someone('dora');
    const start = Date.now();
    const first = { mailId: randomUUID(), to: dora, kind: 'stand-approved' };
    expect(await budget.take(first, start)).toBeNull();
    expect(await budget.take(first, start + 1000)).toBeNull();
    expect(await budget.take({ ...first, mailId: randomUUID() }, start + 2000)).toBeNull();
    expect(await budget.take({ ...first, mailId: randomUUID() }, start + 3000)).toBe('address-budget');
    // A refused confirmation request takes nothing from the day's 20 either.
    expect(await budget.take({ ...first, mailId: randomUUID(), kind: MAIL_CONFIRMATION_KIND }, start + 3000)).toBe('address-budget');
    expect(await budget.take({ ...first, mailId: randomUUID() }, start + BUDGET_WINDOW_MS + 1)).toBeNull();
  });

  it('keeps a third party from spending the whole day: after 20 hold requests the seller still gets the approval and the cancellation', async () => {
    const dropped: string[] = [];
    const sender = senderTo(port, (reason, kind) => dropped.push(`${reason}/${kind}`));
    const seller = someone('seller');
    // The finding: one visitor's 20 rounds of asking and ending, each a hold-requested mail (before the stands service's own bound).
    const requests: string[] = [];
    for (let i = 0; i < 20; i++) requests.push(await sender.send(mail({ to: seller, kind: 'hold-requested', subject: 'Reservierungsanfrage' })));
    expect(requests.filter((r) => r === 'sent')).toHaveLength(LIMITS.thirdPartyPerDay);
    expect(dropped).toEqual(Array(20 - LIMITS.thirdPartyPerDay).fill('third-party-budget/hold-requested'));
    // Another third-party kind shares that budget, at a plus-address of the same mailbox too.
    const [local, domain] = seller.split('@');
    expect(await sender.send(mail({ to: `${local}+markt@${domain}`, kind: 'registration-digest' }))).toBe('dropped');

    expect(await sender.send(mail({ to: seller, kind: 'stand-approved' }))).toBe('sent');
    expect(await sender.send(mail({ to: seller, kind: 'event-cancelled' }))).toBe('sent');
    expect(await sender.send(mail({ to: `${local}+markt@${domain}`, kind: MAIL_CONFIRMATION_KIND, unsubscribeUrl: null }))).toBe('sent');
    // The rest of the day's 20 stays for the own mails (10 held by the hold requests, 3 above); then the whole day is spent.
    const left = LIMITS.perDay - LIMITS.thirdPartyPerDay - 3;
    const own: string[] = [];
    for (let i = 0; i < left; i++) own.push(await sender.send(mail({ to: seller, kind: i % 2 ? 'stand-rejected' : 'event-moved' })));
    expect(own).toEqual(Array(left).fill('sent'));
    expect(await sender.send(mail({ to: seller, kind: 'stand-approved' }))).toBe('dropped');
    expect(dropped.at(-1)).toBe('address-budget/stand-approved');
  });

  it("lets mails about signed-out registrations reach an address at most 5 times a day, as someone else's doing: the person's own mails and the rest of the third-party share stay", async () => {
    const dropped: string[] = [];
    const sender = senderTo(port, (reason, kind) => dropped.push(`${reason}/${kind}`));
    const victim = someone('vera');
    // The finding: a stranger registers stands signed out with Vera's confirmed address at a market of their own,
    // then approves and rejects them (with a reason of their choosing), again and again.
    const flood: string[] = [];
    for (let i = 0; i < 6; i++) {
      flood.push(await sender.send(mail({ to: victim, kind: 'guest-registered', aboutGuestStand: true })));
      flood.push(await sender.send(mail({ to: victim, kind: i % 2 ? 'stand-rejected' : 'stand-approved', aboutGuestStand: true })));
    }
    expect(flood.filter((r) => r === 'sent')).toHaveLength(LIMITS.guestStandMailsPerDay);
    expect(dropped).toHaveLength(12 - LIMITS.guestStandMailsPerDay);
    expect(dropped.every((d) => d.startsWith('guest-stand-budget/'))).toBe(true);
    // Vera's own stand, registered with her account, is still decided in her mailbox ...
    expect(await sender.send(mail({ to: victim, kind: 'stand-approved' }))).toBe('sent');
    // ... and the digests of her market and the hold requests at her stand keep the rest of the third-party share.
    const others: string[] = [];
    for (let i = 0; i < LIMITS.thirdPartyPerDay - LIMITS.guestStandMailsPerDay; i++) {
      others.push(await sender.send(mail({ to: victim, kind: i % 2 ? 'hold-requested' : 'registration-digest' })));
    }
    expect(others).toEqual(Array(LIMITS.thirdPartyPerDay - LIMITS.guestStandMailsPerDay).fill('sent'));
    expect(await sender.send(mail({ to: victim, kind: 'registration-digest' }))).toBe('dropped');
  });

  it("counts a third party's mails in the day's total as well (never more than the total in all), and a kind it does not know as a third party's", async () => {
    const budget = new AddressBudget(redis, prefix, { perDay: 3, thirdPartyPerDay: 1, confirmationsPerDay: 1, guestStandMailsPerDay: 1 });
    const fritz = someone('fritz');
    expect(await budget.take({ mailId: randomUUID(), to: fritz, kind: 'a-kind-of-tomorrow' })).toBeNull();
    expect(await budget.take({ mailId: randomUUID(), to: fritz, kind: 'hold-requested' })).toBe('third-party-budget');
    expect(await budget.take({ mailId: randomUUID(), to: fritz, kind: 'stand-approved' })).toBeNull();
    expect(await budget.take({ mailId: randomUUID(), to: fritz, kind: 'stand-approved' })).toBeNull();
    expect(await budget.take({ mailId: randomUUID(), to: fritz, kind: 'stand-approved' })).toBe('address-budget');
  });

  it('keeps no address in plain text in Redis', async () => {
    const erika = someone('erika');
    await senderTo(port).send(mail({ to: erika }));
    const keys = await redis.keys(`${prefix}mail:*budget:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('@');
    for (const key of keys) expect(JSON.stringify(await redis.zrange(key, 0, -1))).not.toContain('@');
  });
});
