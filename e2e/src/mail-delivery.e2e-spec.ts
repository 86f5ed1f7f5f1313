import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailPipeline } from './support/mail-pipeline.js';
import { Mailbox, type ReceivedMail } from './support/mailbox.js';
import { startTestStack, type ChildEntry, type TestStack } from './support/stack.js';
import { until } from './support/until.js';

/*
 * The mail pipeline end to end, through the real processes: a MailRequested row in a service's
 * outbox → the relay → the mail queue → the mailer → SMTP → the development mail server's .eml
 * files and its listing at /dev/mail. The mails are written straight into the stands outbox in
 * SQL, as a service's transaction would, so this spec depends on no feature that sends mail.
 *
 * The mailer retries at most every second here (the product waits up to 5 minutes), gives up a
 * dead worker's lock after 3 s, sends one mail at a time, and the mail server takes 600 ms to
 * accept each mail, so that a kill lands while a mail is in flight (long enough to hold on a loaded machine).
 * Before counting what must not come (a duplicate, a retry of a dropped mail), the tests wait until
 * no mail is on its way any more (support/mail-pipeline.ts), not for a fixed time.
 */
const ACCEPT_DELAY_MS = 600;
let stack: TestStack;
let db: pg.Client;
let mailbox: Mailbox;
let pipeline: MailPipeline;

beforeAll(async () => {
  stack = await startTestStack({
    env: { MAIL_RETRY_MAX_MS: '1000', MAIL_LOCK_MS: '3000', MAIL_CONCURRENCY: '1' },
    appEnv: { devMail: { DEV_MAIL_ACCEPT_DELAY_MS: String(ACCEPT_DELAY_MS) } },
  });
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  mailbox = new Mailbox(stack.mailDir);
  pipeline = await MailPipeline.open(stack);
});
afterAll(async () => {
  await pipeline?.close();
  await db?.end();
  await stack?.stop();
});

interface Requested {
  mailId: string;
  to: string;
  subject: string;
}

/** Writes MailRequested rows into the stands outbox in one transaction, as the service would; each to an address of its own unless `to` is given. */
async function requestMails(count: number, label: string, unsubscribeUrl: string | null = null, to?: string, kind = 'stand-approved'): Promise<Requested[]> {
  const mails = Array.from({ length: count }, (_, i) => ({
    mailId: randomUUID(),
    to: to ?? `empfaenger-${label}-${i + 1}@example.org`,
    subject: `${label} ${i + 1}: Dein Stand wurde genehmigt – Hofflohmarkt Südstadt`,
    text: `Hallo,\n\ndein Stand ist genehmigt.\n\nStand ansehen:\n${stack.publicUrl}/staende/${i + 1}\n`,
    html: `<p>Hallo,</p><p>dein Stand ist genehmigt.</p><p><a href="${stack.publicUrl}/staende/${i + 1}">Stand ansehen</a></p>`,
    kind,
    unsubscribeUrl,
  }));
  await db.query('BEGIN');
  for (const mail of mails) {
    await db.query(`INSERT INTO stands.outbox (queue, name, payload) VALUES ('mail-outgoing', 'MailRequested', $1::jsonb)`, [JSON.stringify(mail)]);
  }
  await db.query(`SELECT pg_notify('outbox_stands', '')`);
  await db.query('COMMIT');
  return mails.map(({ mailId, to, subject }) => ({ mailId, to, subject }));
}

const mailIdOf = (mail: ReceivedMail) => /^<([0-9a-f-]{36})@/.exec(mail.messageId ?? '')?.[1];

/** Every requested mail is in the mailbox exactly once (by its Message-ID). */
async function expectEachOnce(requested: Requested[]): Promise<void> {
  const ids = (await mailbox.all()).map(mailIdOf);
  for (const { mailId } of requested)
    expect(
      ids.filter((id) => id === mailId),
      `mail ${mailId}`,
    ).toHaveLength(1);
}

async function arrivedOf(requested: Requested[]): Promise<number> {
  const wanted = new Set(requested.map((r) => r.mailId));
  return (await mailbox.all()).filter((m) => wanted.has(mailIdOf(m) ?? '')).length;
}

describe('outgoing mail', () => {
  it('arrives as an .eml with sender, Message-ID, one-click List-Unsubscribe, text and HTML, and is listed at /dev/mail', async () => {
    const unsubscribeUrl = `${stack.publicUrl}/api/mail/unsubscribe/tok-123`;
    const [requested] = await requestMails(1, 'Einzeln', unsubscribeUrl);
    const mail = await mailbox.waitForOne({ to: requested.to });

    expect(mail.subject).toBe(requested.subject);
    expect(mail.headers.from).toBe('Flohmarkt <noreply@flohmarkt.localhost>');
    expect(mail.messageId).toBe(`<${requested.mailId}@flohmarkt.localhost>`);
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(mail.links).toEqual([`${stack.publicUrl}/staende/1`]);
    expect(mail.html).toContain(`<a href="${stack.publicUrl}/staende/1">Stand ansehen</a>`);

    // The listing through the gateway, on the product's own origin.
    const listing = await fetch(`${stack.publicUrl}/dev/mail/messages.json`);
    expect(listing.status).toBe(200);
    const { messages } = (await listing.json()) as { messages: { id: string; to: string[]; subject: string; messageId: string }[] };
    expect(messages[0]).toMatchObject({ id: mail.id, to: [requested.to], subject: requested.subject, messageId: mail.messageId });
    const page = await fetch(`${stack.publicUrl}/dev/mail`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Entwicklungs-Postfach');
    const raw = await fetch(`${stack.publicUrl}/dev/mail/messages/${mail.id}.eml`);
    expect(await raw.text()).toBe(mail.raw);
    // The listing is for reading only, and the session cookie is no business of it.
    expect((await fetch(`${stack.publicUrl}/dev/mail/messages.json`, { method: 'POST', headers: { origin: stack.publicUrl } })).status).toBe(405);
  });

  it('waits while the SMTP server is down and delivers all ten, once each, when it is back', async () => {
    const smtp = stack.entries.devMail;
    await stack.group.stopOne(smtp);
    const failedBefore = await pipeline.failedSends();
    const requested = await requestMails(10, 'Ausfall');
    // Several attempts fail meanwhile (the mailer retries every second here: two rounds of ten); nothing arrives.
    await pipeline.waitHandedToMailer();
    await until('two rounds of failed attempts', async () => (await pipeline.failedSends()) - failedBefore >= 2 * requested.length);
    expect(await arrivedOf(requested)).toBe(0);

    stack.entries.devMail = stack.group.restart(smtp);
    await until('all ten mails after the SMTP server is back', async () => (await arrivedOf(requested)) >= 10, 45_000);
    // Let any duplicate that was on its way land before counting: nothing is on its way any more.
    await pipeline.waitIdle();
    await expectEachOnce(requested);
  });

  it('loses no mail and sends none twice when the mailer is killed in the middle of a batch', async () => {
    const mailer = stack.entries.mailer as ChildEntry & { child: { pid: number } };
    const requested = await requestMails(10, 'Absturz');
    // Kill while the server holds the next mail (it accepts ACCEPT_DELAY_MS after receiving it).
    await until('three mails sent', async () => (await arrivedOf(requested)) >= 3, 30_000, 10);
    await new Promise((r) => setTimeout(r, ACCEPT_DELAY_MS / 2));
    const exited = new Promise((resolve) => (mailer.child as unknown as NodeJS.EventEmitter).once('exit', resolve));
    process.kill(mailer.child.pid, 'SIGKILL');
    await exited;
    const beforeRestart = await arrivedOf(requested);
    expect(beforeRestart).toBeLessThan(10);

    stack.entries.mailer = stack.group.restart(mailer);
    // The mail in flight comes back once its lock (3 s here) has run out.
    await until('all ten mails after the mailer restarted', async () => (await arrivedOf(requested)) >= 10, 45_000);
    // A mail sent twice would be in the mailbox once no mail is on its way (the one in flight back in the queue included).
    await pipeline.waitIdle();
    await expectEachOnce(requested);
    // The kill did land mid-send: the server saw a client leave before it accepted a mail.
    expect(readFileSync(path.join(stack.logDir, 'dev-mail.log'), 'utf8')).toContain('client left before the message was accepted');
  });
});

describe('the share of one address (issue 29)', () => {
  it('lets 20 mails a day through to one address and one request to confirm it; the rest are dropped for good and counted by reason and kind', async () => {
    const many = await requestMails(22, 'Viel', null, 'viel-post@example.org');
    await until('20 mails to one address', async () => (await arrivedOf(many)) >= 20, 60_000);
    const asks = await requestMails(4, 'Bitte', null, 'neue-adresse@example.org', 'mail-confirmation');
    await until('one request to confirm', async () => (await arrivedOf(asks)) >= 1, 30_000);
    // What is dropped stays dropped: no retry brings it later (none is left in the queue).
    await pipeline.waitIdle();
    expect(await arrivedOf(many)).toBe(20);
    expect(await arrivedOf(asks)).toBe(1);
    const received = await mailbox.find({ to: 'viel-post@example.org' });
    expect(new Set(received.map(mailIdOf)).size).toBe(received.length);

    const metrics = await (await fetch(`${stack.urls.mailer}/metrics`)).text();
    expect(metrics).toMatch(/^flohmarkt_mail_dropped_total\{reason="address-budget",kind="stand-approved"[^}]*\} 2$/m);
    expect(metrics).toMatch(/^flohmarkt_mail_dropped_total\{reason="confirmation-budget",kind="mail-confirmation"[^}]*\} 3$/m);
    // The log says which mail and why, never to whom.
    const log = readFileSync(path.join(stack.logDir, 'mailer.log'), 'utf8');
    expect(log).toContain('mail dropped: the address has had its share');
    expect(log).not.toContain('viel-post');
  });
});
