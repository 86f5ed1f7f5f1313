import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TJobPayload } from '@flohmarkt/contracts';
import { JsonLogger } from '@flohmarkt/server-kit';
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

function senderTo(smtpPort: number): MailSender {
  const transport = nodemailer.createTransport({ url: `smtp://127.0.0.1:${smtpPort}`, connectionTimeout: 2000, greetingTimeout: 2000, socketTimeout: 2000 });
  return new MailSender(
    transport,
    new SentMarker(redis, prefix, 60_000),
    'Flohmarkt <noreply@flohmarkt.example.org>',
    'noreply@flohmarkt.example.org',
    new JsonLogger('mailer-test', 'error'),
  );
}

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
    to: 'anna@example.org',
    subject: 'Dein Stand wurde genehmigt – Hofflohmarkt Südstadt',
    text: 'Hallo Anna,\n\ndein Stand ist genehmigt: https://flohmarkt.example.org/staende/1\n',
    html: '<p>Hallo Anna,</p><p>dein Stand ist <a href="https://flohmarkt.example.org/staende/1">genehmigt</a>.</p>',
    kind: 'stand-approved',
    unsubscribeUrl: 'https://flohmarkt.example.org/api/mail/unsubscribe/abc',
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
    expect(got.to && !Array.isArray(got.to) ? got.to.text : '').toBe('anna@example.org');
    expect(got.subject).toBe('Dein Stand wurde genehmigt – Hofflohmarkt Südstadt');
    expect(got.messageId).toBe(`<${request.mailId}@flohmarkt.example.org>`);
    expect(headerLine(got, 'list-unsubscribe')).toBe('<https://flohmarkt.example.org/api/mail/unsubscribe/abc>');
    expect(headerLine(got, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(got.text).toBe(request.text);
    expect(got.html).toContain('<a href="https://flohmarkt.example.org/staende/1">genehmigt</a>');
    expect(String((got.headers.get('content-type') as { value: string }).value)).toBe('multipart/alternative');
  });

  it('leaves List-Unsubscribe out of a mail without an opt-out (a guest’s confirmation)', async () => {
    await senderTo(port).send(mail({ unsubscribeUrl: null, kind: 'guest-confirmation' }));
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
