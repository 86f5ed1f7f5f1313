import { API_ERRORS } from '@flohmarkt/contracts';
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

const TOKEN = { token: 'Der Schlüssel aus dem Abmeldelink der E-Mail.' };
const ANSWER = { scope: 'event-digest', eventName: 'Hofflohmarkt Ehrenfeld', unsubscribed: true };

/** The opt-out link of notification mails (stands service): no sign-in, the token is the credential. */
export const MAIL_DOCS: RouteDocTable = {
  'GET /mail/unsubscribe/:token': {
    summary: 'Abmeldelink prüfen',
    description: 'Was der Link abbestellt (Neuigkeiten zu Ständen oder die Sammelmail neuer Anmeldungen eines Flohmarkts) und ob es schon abbestellt ist.',
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
  'GET /mail/confirm/:token': {
    summary: 'E-Mail-Adresse bestätigen',
    description:
      'Der Link aus der Bitte um Bestätigung, die ein Gast nach seiner ersten Standanmeldung bekommt (die Seite `/e-mail-bestaetigen/{token}` ruft ihn von ihrem Knopf auf). ' +
      'Erst danach gehen weitere E-Mails an die Adresse: beim ersten Mal die zurückgehaltenen, soweit sie noch stimmen (Eingangsbestätigung mit Verwaltungslink, aktuelle Entscheidung). ' +
      'Eine bestätigte Adresse bleibt bestätigt; ein zweiter Aufruf ändert nichts.',
    params: { token: 'Der Schlüssel aus dem Bestätigungslink der E-Mail.' },
    answers: [{ status: 200, description: 'Die Adresse ist bestätigt.', schema: 'MailConfirmation', example: { confirmed: true } }],
    errors: { 404: [API_ERRORS.mailConfirmationNotFound] },
  },
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const MAIL_CALL_DOCS: readonly CallDocEntry[] = [];
