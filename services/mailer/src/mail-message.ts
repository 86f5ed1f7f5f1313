import type { TJobPayload } from '@flohmarkt/contracts';

/** What nodemailer composes: multipart/alternative (text, then HTML), UTF-8, Message-ID from the mail id. */
export interface ComposedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  textEncoding: 'quoted-printable';
}

/**
 * The message as it leaves: the Message-ID `<mailId@domain of MAIL_FROM>` names the mail for good
 * (a receiver that sees it twice can tell); notification mails carry List-Unsubscribe with the
 * one-click POST of RFC 8058, so mail clients offer "unsubscribe" without the reader signing in.
 */
export function composeMail(mail: TJobPayload<'MailRequested'>, from: string, fromAddress: string): ComposedMail {
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1);
  const headers: Record<string, string> = { 'X-Flohmarkt-Mail-Kind': mail.kind };
  if (mail.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${mail.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.mailId}@${domain}>`,
    headers,
    textEncoding: 'quoted-printable',
  };
}
