import { MAIL_SUBJECT_MAX_LENGTH, fitAround } from '@flohmarkt/contracts';

const aroundName = (sentence: (event: string) => string) => (event: string) => fitAround(sentence, event, MAIL_SUBJECT_MAX_LENGTH);

/**
 * German texts of the reminder mails of the evening before (issue 34): visitor, seller, organiser. They
 * say "Morgen" because they only go out before the market's Berlin day begins (remindersDue in event-reminders.ts).
 */
export const REMINDER_TEXTS = {
  visitorSubject: aroundName((event) => `Morgen: Flohmarkt „${event}“`),
  visitorHeading: 'Morgen ist Flohmarkt',
  visitor: (event: string) => `du hast dir den Flohmarkt „${event}“ gemerkt und wolltest am Vorabend erinnert werden. Morgen ist es so weit:`,
  visitorRound: 'Merkliste und Runde',
  visitorFooter: 'Du bekommst diese E-Mail, weil du bei diesem Flohmarkt „Am Vorabend erinnern“ eingeschaltet hast.',

  sellerSubject: aroundName((event) => `Morgen: dein Stand beim Flohmarkt „${event}“`),
  sellerHeading: 'Morgen ist dein Markttag',
  seller: (event: string) => `morgen ist es so weit: Dein Stand beim Flohmarkt „${event}“ ist genehmigt und steht auf der Karte.`,
  sellerCannotCome: 'Falls du doch nicht kommen kannst, ziehe deine Anmeldung bitte vor Beginn des Markts zurück, damit der Platz nicht leer bleibt.',
  sellerCannotComeGuest:
    'Falls du doch nicht kommen kannst, ziehe deine Anmeldung bitte vor Beginn des Markts über deinen persönlichen Link aus der Eingangsbestätigung zurück, damit der Platz nicht leer bleibt.',
  sellerFooter: 'Du bekommst diese E-Mail, weil du bei diesem Flohmarkt einen Stand angemeldet hast und er genehmigt ist.',
  yourStand: 'Dein Stand',
  address: 'Adresse',
  withdrawBy: 'Zurückziehen bis',

  organiserSubject: aroundName((event) => `Morgen: dein Flohmarkt „${event}“`),
  organiserHeading: 'Morgen ist dein Flohmarkt',
  organiser: (event: string) => `morgen findet dein Flohmarkt „${event}“ statt. So stehen die Anmeldungen:`,
  counts: (approved: number, pending: number, waitlisted: number) => [
    `${approved} ${approved === 1 ? 'Stand genehmigt' : 'Stände genehmigt'}`,
    `${pending} ${pending === 1 ? 'Anmeldung wartet' : 'Anmeldungen warten'} auf deine Prüfung`,
    `${waitlisted} auf der Warteliste`,
  ],
  organiserAction: 'Anmeldungen ansehen',
  organiserFooter: 'Du bekommst diese E-Mail, weil du diesen Flohmarkt veranstaltest.',

  eventAction: 'Zum Flohmarkt',
  myStandsAction: 'Meine Stände',
} as const;
