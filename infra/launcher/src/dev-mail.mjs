import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpOk } from './wait.mjs';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dev-mail/dist/main.js');

/** The sender of the embedded default (the mails never leave the machine). */
const DEV_MAIL_FROM = 'Flohmarkt <noreply@flohmarkt.localhost>';

/**
 * The development mail server in a process of its own: a real SMTP server that keeps every mail as
 * `<dataDir>/<id>.eml`, with its listing at /dev/mail (proxied by the gateway). Compose and
 * Kubernetes bring a mail catcher instead. Tests stop and restart the entry ("SMTP down").
 */
export async function startDevMail(group, { smtpPort, httpPort, dataDir, env = {} }) {
  const entry = group.start('dev-mail', process.execPath, [SERVER], {
    NODE_ENV: 'development',
    DEV_MAIL_SMTP_PORT: String(smtpPort),
    DEV_MAIL_HTTP_PORT: String(httpPort),
    DEV_MAIL_DIR: dataDir,
    ...env,
  });
  const httpUrl = `http://127.0.0.1:${httpPort}`;
  await group.waitReady(entry, 'Entwicklungs-Mailserver', () => httpOk(`${httpUrl}/dev/mail/health`), { timeoutMs: 15000 });
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: DEV_MAIL_FROM, httpUrl, dir: dataDir, entry };
}
