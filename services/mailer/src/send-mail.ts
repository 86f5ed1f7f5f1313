import type { Transporter } from 'nodemailer';
import type { TJobPayload } from '@flohmarkt/contracts';
import type { JsonLogger } from '@flohmarkt/server-kit';
import { composeMail } from './mail-message.js';
import { withoutAddresses } from './without-addresses.js';
import type { SentMarker } from './sent-marker.js';
import type { AddressBudget, BudgetRefusal } from './address-budget.js';

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

/**
 * A refusal a retry cannot change: the server answered the recipient with a permanent (5xx) error
 * (no such mailbox, address refused). Everything else (no connection, time-outs, 4xx "try later",
 * a refused login after an operator's typo) is retried.
 */
function isPermanentRefusal(err: SmtpError): boolean {
  return err.code === 'EENVELOPE' && typeof err.responseCode === 'number' && err.responseCode >= 500 && err.responseCode < 600;
}

export type SendResult = 'sent' | 'already-sent' | 'refused' | 'dropped';

/**
 * Sends one MailRequested, at most once per mail id: the sent marker is read before sending and
 * written right after the SMTP server accepted the message (its 250 to the end of DATA). A worker
 * that dies between those two moments sends it again; SMTP offers no way to make that window
 * smaller (docs/adr/0010-outgoing-mail.md). A failure throws, and the job is tried again later.
 *
 * Before it goes, the mail is counted against its address's budgets (address-budget.ts): a mail
 * over one is dropped for good (marked, so a repeat of its job drops it too), counted in the
 * metrics and logged by id and kind, never by address.
 */
export class MailSender {
  constructor(
    private readonly transport: Transporter,
    private readonly marker: SentMarker,
    private readonly from: string,
    private readonly fromAddress: string,
    private readonly logger: JsonLogger,
    private readonly budget: AddressBudget,
    private readonly onDropped: (reason: BudgetRefusal, kind: string) => void = () => undefined,
  ) {}

  async send(mail: TJobPayload<'MailRequested'>): Promise<SendResult> {
    if (await this.marker.isSent(mail.mailId)) {
      this.logger.write('info', 'mail already sent, skipped', { mailId: mail.mailId, kind: mail.kind });
      return 'already-sent';
    }
    const refusal = await this.budget.take(mail);
    if (refusal) {
      await this.marker.markSent(mail.mailId, `dropped: ${refusal}`);
      this.onDropped(refusal, mail.kind);
      this.logger.write('warn', 'mail dropped: the address has had its share', { mailId: mail.mailId, kind: mail.kind, reason: refusal });
      return 'dropped';
    }
    try {
      const info = await this.transport.sendMail(composeMail(mail, this.from, this.fromAddress));
      const response = withoutAddresses(String(info.response ?? 'accepted'));
      await this.marker.markSent(mail.mailId, response);
      this.logger.write('info', 'mail sent', { mailId: mail.mailId, kind: mail.kind, response });
      return 'sent';
    } catch (err) {
      const smtp = err as SmtpError;
      if (isPermanentRefusal(smtp)) {
        // Never an address in the log: the mail id finds the mail's origin.
        await this.marker.markSent(mail.mailId, `refused: ${smtp.responseCode}`);
        this.logger.write('warn', 'mail refused by the SMTP server, not retried', { mailId: mail.mailId, kind: mail.kind, responseCode: smtp.responseCode });
        return 'refused';
      }
      // The consumer logs this message with the failed attempt: a server's refusal quotes the recipient.
      throw new Error(withoutAddresses(`SMTP: ${smtp.code ?? 'error'} ${smtp.responseCode ?? ''} ${smtp.message}`.replace(/\s+/g, ' ').trim()));
    }
  }
}
