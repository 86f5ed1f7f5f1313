import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { MAIL_CONFIRMATION_KIND, mailBudgetOf } from '@flohmarkt/contracts';
import { mailboxKey, type MailDropReason } from '@flohmarkt/server-kit';

/** The span every per-address limit counts over. */
export const BUDGET_WINDOW_MS = 24 * 3600 * 1000;

export interface AddressLimits {
  /** Mails of every kind one mailbox may get from the whole platform per 24 h. */
  perDay: number;
  /** Of those, the mails someone else's doing sends (contracts MAIL_KINDS: a hold asked for, registrations, news). */
  thirdPartyPerDay: number;
  /** Requests to confirm (MAIL_CONFIRMATION_KIND) per mailbox and 24 h, of `perDay`. */
  confirmationsPerDay: number;
  /**
   * Mails to the address of a registration made signed out (`aboutGuestStand`: its receipt, decisions,
   * waitlist, reconfirmation, a cancelled or moved market) per mailbox and 24 h, of `thirdPartyPerDay`.
   * Anyone who knows a confirmed address can register stands with it at a market of their own and decide
   * them, so these count as someone else's doing and cannot take the share of the digests and hold
   * requests that person is waiting for.
   */
  guestStandMailsPerDay: number;
}

/** Whether a mail of this kind also counts against the third party's share of the day (contracts MAIL_KINDS, where each kind is declared with it). */
export const budgetOf = mailBudgetOf;

/** Why a mail was not let through: over the address's budget of its own mails, of mails others trigger, or of confirmation requests. */
export type BudgetRefusal = MailDropReason | 'third-party-budget';

/**
 * One sliding 24-hour log per key (a sorted set of mail ids scored by the time they were let
 * through), checked and written in one script, so workers side by side never let the 21st mail
 * through. A mail id already in a log passes again without counting twice: a mail whose SMTP
 * attempt failed after it was counted is retried. Answers 0 (let through) or the 1-based index of
 * the first key whose limit is reached.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
end
for i, key in ipairs(KEYS) do
  if not redis.call('ZSCORE', key, member) and redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'NX', now, member)
  redis.call('PEXPIRE', key, window)
end
return 0
`;

/**
 * The per-address limits of the whole platform, kept where every mail passes (the mailer), counted
 * per mailbox (server-kit's mailboxKey: `victim+1@…`, `victim+2@…` and `Victim@…` share one budget,
 * and so do the dotted forms of a gmail.com address); the mail still goes to the address as given.
 * The day's total per mailbox (the contract's 20) holds every mail; of it, the mails someone else's
 * doing sends (budgetOf) may take only a smaller share, so the rest of the day stays for the person's
 * own mails whatever a stranger causes.
 * The Redis keys name a mailbox only by its SHA-256, never in plain text.
 */
export class AddressBudget {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: AddressLimits,
  ) {}

  /** Counts the mail against its address's budgets; answers why not when one is spent (nothing counted then). */
  async take(mail: { mailId: string; to: string; kind: string; aboutGuestStand?: boolean }, now = Date.now()): Promise<BudgetRefusal | null> {
    const hash = createHash('sha256').update(mailboxKey(mail.to)).digest('hex');
    // Every mail counts against the day's total; one someone else caused against its smaller share of it too.
    const keys = [`${this.prefix}mail:budget:${hash}`];
    const limits = [this.limits.perDay];
    const reasons: BudgetRefusal[] = ['address-budget'];
    if (mail.aboutGuestStand || budgetOf(mail.kind) === 'third-party') {
      keys.push(`${this.prefix}mail:third-party-budget:${hash}`);
      limits.push(this.limits.thirdPartyPerDay);
      reasons.push('third-party-budget');
    }
    if (mail.kind === MAIL_CONFIRMATION_KIND) {
      keys.push(`${this.prefix}mail:confirmation-budget:${hash}`);
      limits.push(this.limits.confirmationsPerDay);
      reasons.push('confirmation-budget');
    }
    if (mail.aboutGuestStand) {
      keys.push(`${this.prefix}mail:guest-stand-budget:${hash}`);
      limits.push(this.limits.guestStandMailsPerDay);
      reasons.push('guest-stand-budget');
    }
    const refused = (await this.redis.eval(TAKE, keys.length, ...keys, now, BUDGET_WINDOW_MS, mail.mailId, ...limits)) as number;
    return refused === 0 ? null : reasons[refused - 1];
  }
}
