/**
 * The mailer worker: its own process (its own Deployment in Kubernetes). It consumes
 * `mail-outgoing` (MailRequested, written by any service into its outbox) and sends each mail to
 * SMTP_URL from MAIL_FROM, once per mail id. SMTP down delays mail: the job is tried again with a
 * capped backoff for hours (docs/adr/0010-outgoing-mail.md).
 */
import nodemailer from 'nodemailer';
import { QUEUES } from '@flohmarkt/contracts';
import {
  appMetrics,
  bullConnection,
  bullPrefix,
  cappedExponentialBackoff,
  JsonLogger,
  loadConfig,
  mailDroppedCounter,
  redisDurabilityProblems,
  startConsumer,
  startHealthServer,
  stopOnSignal,
  watchQueues,
} from '@flohmarkt/server-kit';
import { ZMailerEnv, addressOf } from './config.js';
import { AddressBudget } from './address-budget.js';
import { MailSender } from './send-mail.js';
import { SentMarker } from './sent-marker.js';

const config = loadConfig(ZMailerEnv);
const logger = new JsonLogger('mailer', config.LOG_LEVEL);
const fromAddress = addressOf(config.MAIL_FROM) as string;
const smtp = new URL(config.SMTP_URL);

const transport = nodemailer.createTransport({
  url: config.SMTP_URL,
  connectionTimeout: config.SMTP_TIMEOUT_MS,
  greetingTimeout: config.SMTP_TIMEOUT_MS,
  socketTimeout: config.SMTP_TIMEOUT_MS,
});
// A server that cannot be reached now is no reason not to start: mails wait in the queue.
transport.verify().then(
  () => logger.write('info', 'SMTP server reachable', { host: smtp.hostname, port: smtp.port }),
  (err: Error) =>
    logger.write('warn', 'SMTP server not reachable yet; mails wait and are retried', { host: smtp.hostname, port: smtp.port, error: err.message }),
);

const connection = bullConnection(config.REDIS_URL);
connection.on('error', () => undefined); // reconnects by itself; the worker logs while it waits
const prefix = bullPrefix(config.REDIS_PREFIX);
for (const problem of await redisDurabilityProblems(connection)) logger.write('warn', `Redis is not configured for durable queues: ${problem}`);
const marker = new SentMarker(connection, config.REDIS_PREFIX, config.MAIL_SENT_MARKER_DAYS * 24 * 3600 * 1000);
const budget = new AddressBudget(connection, config.REDIS_PREFIX, {
  perDay: config.MAIL_PER_ADDRESS_PER_DAY,
  thirdPartyPerDay: config.MAIL_THIRD_PARTY_PER_ADDRESS_PER_DAY,
  confirmationsPerDay: config.MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  guestStandMailsPerDay: config.MAIL_GUEST_STAND_MAILS_PER_ADDRESS_PER_DAY,
});
const metrics = appMetrics('mailer');
const dropped = mailDroppedCounter(metrics);
const sender = new MailSender(transport, marker, config.MAIL_FROM, fromAddress, logger, budget, (reason, kind) => dropped.inc({ reason, kind }));

const worker = startConsumer(
  'mail',
  {
    MailRequested: async (mail) => {
      await sender.send(mail);
    },
  },
  {
    connection,
    prefix,
    logger,
    concurrency: config.MAIL_CONCURRENCY,
    worker: {
      lockDuration: config.MAIL_LOCK_MS,
      stalledInterval: config.MAIL_LOCK_MS,
      // A mail whose worker died is taken over, again and again if need be: it is never dropped for it.
      maxStalledCount: 100,
      settings: { backoffStrategy: cappedExponentialBackoff(config.MAIL_RETRY_MAX_MS) },
    },
  },
);
const queueFigures = watchQueues(metrics, { connection, prefix, queues: [QUEUES.mail] });
const health = await startHealthServer(config.PORT, config.HOST, () => worker.isRunning(), metrics);
logger.write('info', 'listening', {
  url: `http://${config.HOST}:${config.PORT}`,
  smtp: `${smtp.protocol}//${smtp.hostname}:${smtp.port}`,
  concurrency: config.MAIL_CONCURRENCY,
});

stopOnSignal(logger, async () => {
  await worker.close();
  await queueFigures.stop();
  transport.close();
  await connection.quit().catch(() => undefined);
  health.close();
});
