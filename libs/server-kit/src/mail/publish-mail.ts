import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { MAIL_SUBJECT_MAX_LENGTH, OPT_OUT_OF_MAIL, publicCallPath, shortenAtWord, type TMailKind } from '@flohmarkt/contracts';
import { publish } from '../messaging/outbox.js';
import { renderMail, type MailContent } from './render-mail.js';

export interface MailToSend extends MailContent {
  to: string;
  subject: string;
  /** What the mail is about (contracts MAIL_KINDS: logs, metrics and the mailer's budget by it); never an address. */
  kind: TMailKind;
  /** One-click opt-out (RFC 8058 POST): becomes the List-Unsubscribe header. */
  unsubscribeUrl?: string | null;
  /** To the address of a registration made signed out (contracts MailRequested `aboutGuestStand`). */
  aboutGuestStand?: boolean;
}

/**
 * The two opt-out addresses of a notification mail with the opt-out token: the one-click POST of
 * List-Unsubscribe (answered by the stands service) and the page a reader opens from the footer.
 */
export function mailOptOutUrls(publicUrl: string, token: string): { unsubscribeUrl: string; unsubscribePageUrl: string } {
  const base = publicUrl.replace(/\/$/, '');
  return {
    unsubscribeUrl: `${base}${publicCallPath(OPT_OUT_OF_MAIL, { token })}`,
    unsubscribePageUrl: `${base}/abmelden/${encodeURIComponent(token)}`,
  };
}

/**
 * Renders the mail and writes MailRequested into the caller's outbox, inside the caller's
 * transaction: the mail leaves if and only if the change it tells about commits. The mail id is
 * drawn here, once, and names the mail for good (Message-ID, the mailer's sent marker). Answers it.
 */
export async function publishMail(manager: EntityManager, mail: MailToSend): Promise<string> {
  const { to, subject, kind, unsubscribeUrl, aboutGuestStand = false, ...content } = mail;
  const mailId = randomUUID();
  const { text, html } = renderMail(content);
  // The last guard of the job's subject limit: a subject that outgrew it is cut at a word, never refused.
  const fitted = shortenAtWord(subject, MAIL_SUBJECT_MAX_LENGTH);
  await publish(manager, 'MailRequested', { mailId, to, subject: fitted, text, html, kind, unsubscribeUrl: unsubscribeUrl ?? null, aboutGuestStand });
  return mailId;
}
