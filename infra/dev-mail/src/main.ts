/**
 * The development mail server: a real SMTP server that keeps every message as `<DEV_MAIL_DIR>/<id>.eml`
 * and lists them over HTTP at /dev/mail (the gateway proxies it in development only). `npm start`
 * points the mailer at it. Never in production: it refuses NODE_ENV=production.
 */
import type { AddressInfo } from 'node:net';
import { loadDevMailConfig } from './config.js';
import { startHttp } from './http.js';
import { MailStore } from './mail-store.js';
import { startSmtp } from './smtp.js';

const log = (level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, service: 'dev-mail', msg, ...fields })}\n`);

let config;
try {
  config = loadDevMailConfig();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const store = new MailStore(config.dir);
const smtp = await startSmtp({
  store,
  port: config.smtpPort,
  host: config.host,
  acceptDelayMs: config.acceptDelayMs,
  log: (msg, fields) => log('info', msg, fields),
});
const web = await startHttp(store, config.httpPort, config.host);
log('info', 'listening', {
  smtp: `smtp://${config.host}:${(smtp.server.address() as AddressInfo).port}`,
  http: `http://${config.host}:${(web.address() as AddressInfo).port}/dev/mail`,
  dir: config.dir,
});

const stop = (signal: string) => {
  log('info', 'stopping', { signal });
  web.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
