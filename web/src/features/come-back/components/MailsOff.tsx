import { MAILS_OFF_TEXTS } from '../lib/come-back-texts';

/** Said in the row of a follow or alert whose mails were switched off by a mail's link (the server's `mailsOff`): it is kept, but mails nothing. */
export function MailsOff() {
  return <p className="badge come-back-list__off">{MAILS_OFF_TEXTS.off}</p>;
}
