import { Counter } from 'prom-client';
import type { AppMetrics } from '../metrics.js';

/** Why the mailer dropped a mail instead of sending it (services/mailer/src/address-budget.ts). */
export type MailDropReason = 'address-budget' | 'confirmation-budget' | 'guest-stand-budget';

/**
 * `flohmarkt_mail_dropped_total{reason, kind}`: mails the mailer did not send because their address
 * had its share for the day. Labelled by reason and kind only: never an address.
 */
export function mailDroppedCounter(metrics: AppMetrics): Counter<'reason' | 'kind'> {
  return new Counter({
    name: 'flohmarkt_mail_dropped_total',
    help: 'Mails not sent because their address had its share for the day, by reason and kind',
    labelNames: ['reason', 'kind'],
    registers: [metrics.registry],
  });
}
