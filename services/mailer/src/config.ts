import { z } from 'zod';
import { env } from '@flohmarkt/server-kit';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** "Flohmarkt <noreply@flohmarkt.example.org>" or "noreply@flohmarkt.example.org": the address, whichever form. */
export function addressOf(from: string): string | null {
  const match = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from) ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(from);
  return match ? match[1] : null;
}

/**
 * The mailer worker: consumes `mail-outgoing` and hands each mail to one SMTP server. It holds no
 * database; its only state is the sent marker in Redis.
 */
export const ZMailerEnv = z.object({
  NODE_ENV: z.string().default('development').describe('The runtime environment (`production` in the container images).'),
  PORT: env.port(8106).describe('/health and /metrics only (no public traffic).'),
  HOST: z.string().default('127.0.0.1').describe('Where the mailer listens.'),
  REDIS_URL: env.redisUrl().default('redis://127.0.0.1:6379').describe('The `mail-outgoing` queue and the sent markers.'),
  REDIS_PREFIX: z.string().default('flohmarkt:').describe('Prefix of every Redis key and queue of the product.'),
  LOG_LEVEL: env.logLevel().describe('Lowest level written to the log.'),
  SMTP_URL: z
    .string({ message: 'is required: the SMTP server that sends the mail, e.g. smtp://user:password@mail.example.org:587' })
    .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587')
    .describe('smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465 (TLS from the start).'),
  MAIL_FROM: z
    .string({ message: 'is required: the sender address, e.g. "Flohmarkt <noreply@flohmarkt.example.org>"' })
    .refine((v) => addressOf(v) !== null, 'must be an address such as noreply@flohmarkt.example.org or "Flohmarkt <noreply@flohmarkt.example.org>"')
    .describe('The sender every mail carries; its domain names the Message-ID.'),
  MAIL_CONCURRENCY: positiveInt(4).describe('Mails sent at the same time.'),
  SMTP_TIMEOUT_MS: positiveInt(20_000).describe(
    'One SMTP conversation (connect, greeting, each command) may take this long before the attempt counts as failed.',
  ),
  MAIL_LOCK_MS: positiveInt(30_000).describe("The job lock: a killed worker's mail is taken over after about this long."),
  MAIL_RETRY_MAX_MS: positiveInt(300_000).describe(
    'Longest wait between two attempts while the SMTP server is unreachable (the policy doubles from 5 s up to this).',
  ),
  MAIL_PER_ADDRESS_PER_DAY: positiveInt(20).describe(
    'Mails of every kind one mailbox may get from the whole platform in 24 h; the rest are dropped and counted in `flohmarkt_mail_dropped_total`.',
  ),
  MAIL_THIRD_PARTY_PER_ADDRESS_PER_DAY: positiveInt(10).describe(
    "Of `MAIL_PER_ADDRESS_PER_DAY`, how many may be mails someone else's doing sends (hold requests, registration digests, invitations, news of follows, alerts and wishes, any kind not named as the person's own): the rest of the day stays for the person's own mails (their registration and its decision, a market they take part in, the answer to their hold).",
  ),
  MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: positiveInt(1).describe(
    'Requests to confirm an address that may go to one mailbox in 24 h (of the mails above; the stands service asks no more often); the rest are dropped.',
  ),
  MAIL_GUEST_STAND_MAILS_PER_ADDRESS_PER_DAY: positiveInt(5).describe(
    'Of `MAIL_THIRD_PARTY_PER_ADDRESS_PER_DAY`, how many may be mails to the address of registrations made signed out (receipt, decision, waitlist, reconfirmation, a cancelled or moved market; anyone who knows a confirmed address can register stands with it at a market of their own and decide them): the rest of that share stays for the digests and hold requests the person waits for, and their own mails are not touched.',
  ),
  MAIL_SENT_MARKER_DAYS: positiveInt(30).describe(
    'How long the sent marker of a mail is kept: longer than any retry of it can come (16 h) or a job is kept (7 d).',
  ),
});
