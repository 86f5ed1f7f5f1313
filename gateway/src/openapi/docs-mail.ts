import { CONFIRM_MAIL_ADDRESS, GET_MAIL_OPT_OUT, OPT_BACK_IN_TO_MAIL, OPT_OUT_OF_MAIL } from '@flohmarkt/contracts';
import { docOf, type CallDocEntry } from './route-doc.js';

const TOKEN = { token: 'Der Schlüssel aus dem Abmeldelink der E-Mail.' };
const ANSWER = { scope: 'event-digest', eventName: 'Hofflohmarkt Ehrenfeld', unsubscribed: true };

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const MAIL_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(GET_MAIL_OPT_OUT, {
    description:
      'Was der Link abbestellt (Neuigkeiten zu Ständen oder die Sammelmail neuer Anmeldungen eines Flohmarkts) und ob es schon abbestellt ist. ' +
      'Bei einem Flohmarkt-Alarm steht in `alert` zusätzlich zum Ort (`eventName`) der Umkreis und bei einem Suchauftrag seine Wörter.',
    params: TOKEN,
    examples: { 200: { ...ANSWER, unsubscribed: false } },
  }),
  docOf(OPT_OUT_OF_MAIL, {
    description:
      'Ein Klick (RFC 8058): Mailprogramme senden diesen Aufruf an die Adresse aus `List-Unsubscribe`, die Seite `/abmelden/{token}` von ihrem Knopf. ' +
      'Ein Body wird nicht gelesen. Ein zweiter Aufruf ändert nichts.',
    params: TOKEN,
    examples: { 200: ANSWER },
  }),
  docOf(OPT_BACK_IN_TO_MAIL, {
    description:
      'Nimmt die Abbestellung zurück (der Knopf „Doch wieder erhalten“ der Seite `/abmelden/{token}`): die E-Mails kommen wieder. Ein zweiter Aufruf ändert nichts.',
    params: TOKEN,
    examples: { 200: { ...ANSWER, unsubscribed: false } },
  }),
  docOf(CONFIRM_MAIL_ADDRESS, {
    description:
      'Der Link aus der Bitte um Bestätigung, die ein Gast nach seiner ersten Standanmeldung bekommt (die Seite `/e-mail-bestaetigen/{token}` ruft ihn von ihrem Knopf auf). ' +
      'Erst danach gehen weitere E-Mails an die Adresse: beim ersten Mal die zurückgehaltenen, soweit sie noch stimmen (Eingangsbestätigung mit Verwaltungslink, aktuelle Entscheidung). ' +
      'Eine bestätigte Adresse bleibt bestätigt; ein zweiter Aufruf ändert nichts.',
    params: { token: 'Der Schlüssel aus dem Bestätigungslink der E-Mail.' },
    examples: { 200: { confirmed: true } },
  }),
];
