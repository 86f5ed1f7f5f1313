import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDevMailConfig } from './config.js';
import { startHttp } from './http.js';
import { MailStore } from './mail-store.js';
import { startSmtp } from './smtp.js';

let dir: string;
let smtp: SMTPServer;
let web: http.Server;
let base: string;
let smtpPort: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dev-mail-test-'));
  const store = new MailStore(path.join(dir, 'mail'));
  smtp = await startSmtp({ store, port: 0, host: '127.0.0.1', acceptDelayMs: 0, log: () => undefined });
  smtpPort = (smtp.server.address() as AddressInfo).port;
  web = await startHttp(store, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  web.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function sendOne(subject: string, to = 'gast@example.org') {
  const transport = nodemailer.createTransport({ url: `smtp://127.0.0.1:${smtpPort}` });
  await transport.sendMail({
    from: 'Flohmarkt <noreply@flohmarkt.example.org>',
    to,
    subject,
    text: 'Hallo,\n\ndein Link: http://localhost:8080/anmeldung/abc\n',
    html: '<p>Hallo, <a href="http://localhost:8080/anmeldung/abc">dein Link</a></p><script>alert(1)</script>',
    messageId: `<${subject.length}-${Date.now()}@flohmarkt.example.org>`,
    headers: { 'List-Unsubscribe': '<http://localhost:8080/api/mail/unsubscribe/t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  transport.close();
}

describe('the development mail server', () => {
  it('keeps every message it accepts as <id>.eml, the bytes as sent', async () => {
    await sendOne('Deine Anmeldung – Hofflohmarkt Südstadt');
    const files = readdirSync(path.join(dir, 'mail')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(dir, 'mail', files[0]), 'utf8');
    expect(raw).toMatch(/^From: Flohmarkt <noreply@flohmarkt\.example\.org>\r$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(raw).toContain('Content-Type: multipart/alternative');
  });

  it('lists the messages newest first as JSON and as a German page', async () => {
    await sendOne('Zweite Nachricht', 'orga@example.org');
    const { messages } = (await (await fetch(`${base}/dev/mail/messages.json`)).json()) as { messages: { id: string; to: string[]; subject: string }[] };
    expect(messages.map((m) => m.subject)).toEqual(['Zweite Nachricht', 'Deine Anmeldung – Hofflohmarkt Südstadt']);
    expect(messages[0].to).toEqual(['orga@example.org']);
    const page = await fetch(`${base}/dev/mail`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Entwicklungs-Postfach');
    expect(html.indexOf('Zweite Nachricht')).toBeLessThan(html.indexOf('Deine Anmeldung'));
  });

  it('shows one message with its headers, text with clickable links, its HTML in a sandboxed frame without scripts, and the raw file', async () => {
    const { messages } = (await (await fetch(`${base}/dev/mail/messages.json`)).json()) as { messages: { id: string }[] };
    const id = messages[1].id;
    const view = await (await fetch(`${base}/dev/mail/messages/${id}`)).text();
    expect(view).toContain('list-unsubscribe-post');
    expect(view).toContain('<a href="http://localhost:8080/anmeldung/abc" target="_top">');
    expect(view).toMatch(/<iframe[^>]+sandbox="allow-popups[^"]*"[^>]+src="\/dev\/mail\/messages\/[^"]+\/body\.html"/);
    expect(view).not.toMatch(/sandbox="[^"]*allow-scripts/);
    const body = await fetch(`${base}/dev/mail/messages/${id}/body.html`);
    expect(body.headers.get('content-security-policy')).toMatch(/sandbox allow-popups/);
    expect(body.headers.get('content-security-policy')).not.toContain('allow-scripts');
    expect(await body.text()).toContain('<base target="_top">');
    const raw = await fetch(`${base}/dev/mail/messages/${id}.eml`);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    expect(await raw.text()).toContain('Subject: =?UTF-8?');
  });

  it('answers an unknown or malformed id with a German 404', async () => {
    for (const id of ['1700000000000-deadbeef', '..%2f..%2fetc%2fpasswd', 'x']) {
      const res = await fetch(`${base}/dev/mail/messages/${id}.eml`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Diese E-Mail gibt es hier nicht');
    }
  });

  it('refuses to start with NODE_ENV=production', () => {
    expect(() => loadDevMailConfig({ NODE_ENV: 'production', DEV_MAIL_DIR: '/tmp/x' })).toThrow(/must not run in production/);
  });
});
