import { API_ERRORS } from '@flohmarkt/contracts';
import type { RouteDocTable } from './route-doc.js';

const TOKEN = { token: 'Der Schlüssel aus dem Abmeldelink der E-Mail.' };
const ANSWER = { scope: 'event-digest', eventName: 'Hofflohmarkt Ehrenfeld', unsubscribed: true };

/** The opt-out link of notification mails (stands service): no sign-in, the token is the credential. */
export const MAIL_DOCS: RouteDocTable = {
  'GET /mail/unsubscribe/:token': {
    summary: 'Abmeldelink prüfen',
    description: 'Was der Link abbestellt (Neuigkeiten zu Ständen oder die Sammelmail neuer Anmeldungen eines Events) und ob es schon abbestellt ist.',
    params: TOKEN,
    answers: [{ status: 200, description: 'Worum es geht und ob es abbestellt ist.', schema: 'MailOptOut', example: { ...ANSWER, unsubscribed: false } }],
    errors: { 404: [API_ERRORS.notFound] },
  },
  'POST /mail/unsubscribe/:token': {
    summary: 'E-Mails abbestellen',
    description:
      'Ein Klick (RFC 8058): Mailprogramme senden diesen Aufruf an die Adresse aus `List-Unsubscribe`, die Seite `/abmelden/{token}` von ihrem Knopf. ' +
      'Ein zweiter Aufruf ändert nichts.',
    params: TOKEN,
    answers: [{ status: 200, description: 'Abbestellt.', schema: 'MailOptOut', example: ANSWER }],
    errors: { 404: [API_ERRORS.notFound] },
  },
};
