import { MAIL_SUBJECT_MAX_LENGTH, fitAround } from '@flohmarkt/contracts';

/**
 * A subject around a market's name, within the mail job's limit: a name of the allowed 200
 * characters is shortened at a word with "…", the subject's own words and closing quote stay.
 */
const aroundName = (sentence: (event: string) => string) => (event: string) => fitAround(sentence, event, MAIL_SUBJECT_MAX_LENGTH);

/**
 * What the greeting takes as a first name: letters, joined by single spaces, hyphens or apostrophes,
 * up to 40 characters. A guest types their name, and whoever registers with someone else's confirmed
 * address could otherwise greet its owner with a sentence or a link ("Gewinner! Besuche evil.example"):
 * anything else is greeted without a name.
 */
const NAME_LIKE = /^(?=.{1,40}$)[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;

/** A typed name as a mail may show it to someone else (the greeting, a digest's line, a hold request): null when it does not read as one. */
export function asName(text: string | null | undefined): string | null {
  const name = text?.trim();
  return name && NAME_LIKE.test(name) ? name : null;
}

/** German texts of the stands service's mails and opt-out answers (subjects, headings, sentences). */
export const NOTICE_TEXTS = {
  guestRegisteredSubject: aroundName((event) => `Deine Standanmeldung für „${event}“ ist eingegangen`),
  guestRegisteredHeading: 'Deine Anmeldung ist eingegangen',
  guestRegistered: (event: string) =>
    `danke für deine Standanmeldung zum Flohmarkt „${event}“. Der Organisator prüft sie; sobald er entschieden hat, bekommst du eine E-Mail.`,
  guestManageHint:
    'Unter deinem persönlichen Link siehst du jederzeit, ob deine Anmeldung genehmigt ist, kannst sie zurückziehen und Fotos und Angebote hinzufügen. Gib den Link nicht weiter: Wer ihn hat, kann deine Anmeldung verwalten.',
  guestManageAction: 'Meine Anmeldung ansehen',

  // The request to confirm a guest's address: nothing in it was typed by a user (issue 29), only the market's date.
  confirmSubject: 'Bitte bestätige deine E-Mail-Adresse',
  confirmHeading: 'Bitte bestätige deine E-Mail-Adresse',
  confirmAsked: (date: string) => `diese E-Mail-Adresse wurde bei einer Standanmeldung für einen Flohmarkt am ${date} angegeben.`,
  confirmWhy:
    'Warst du das? Dann bestätige deine Adresse mit einem Klick. Erst danach schicken wir dir die Eingangsbestätigung mit deinem persönlichen Link und Nachrichten zu deiner Anmeldung.',
  confirmNotYou: 'Warst du es nicht, musst du nichts tun: Ohne Bestätigung bekommst du keine weiteren E-Mails zu dieser Anmeldung.',
  confirmAction: 'E-Mail-Adresse bestätigen',
  confirmFooter: 'Du bekommst diese E-Mail, weil diese Adresse bei einer Standanmeldung angegeben wurde.',

  approvedSubject: aroundName((event) => `Dein Stand beim Flohmarkt „${event}“ ist genehmigt`),
  approvedHeading: 'Dein Stand ist genehmigt',
  approved: (event: string) => `gute Nachricht: Der Organisator hat deinen Stand beim Flohmarkt „${event}“ genehmigt. Er steht jetzt auf der Karte des Markts.`,

  rejectedSubject: aroundName((event) => `Deine Standanmeldung für „${event}“ wurde abgelehnt`),
  rejectedHeading: 'Deine Anmeldung wurde abgelehnt',
  rejected: (event: string) => `der Organisator hat deine Standanmeldung zum Flohmarkt „${event}“ leider abgelehnt.`,
  rejectedAgain: 'Solange die Anmeldung offen ist, kannst du dich erneut anmelden.',

  cancelledSubject: (event: string, when: string) => fitAround((name) => `Abgesagt: Flohmarkt „${name}“ (${when})`, event, MAIL_SUBJECT_MAX_LENGTH),
  cancelledHeading: 'Der Flohmarkt ist abgesagt',
  cancelled: (event: string) => `der Flohmarkt „${event}“, bei dem du einen Stand angemeldet hast, wurde vom Organisator abgesagt.`,

  movedSubject: aroundName((event) => `Geändert: Termin oder Ort des Flohmarkts „${event}“`),
  movedHeading: 'Termin oder Ort haben sich geändert',
  moved: (event: string) =>
    `der Organisator hat Termin oder Ort des Flohmarkts „${event}“ geändert, bei dem du einen Stand angemeldet hast. So sieht es jetzt aus:`,
  movedCheck: 'Falls du am neuen Termin oder Ort nicht kannst, ziehe deine Anmeldung bitte zurück, damit der Organisator planen kann.',

  digestSubject: (count: number, event: string) =>
    fitAround((name) => (count === 1 ? `Neue Standanmeldung für „${name}“` : `${count} neue Standanmeldungen für „${name}“`), event, MAIL_SUBJECT_MAX_LENGTH),
  digestHeading: (count: number) => (count === 1 ? 'Eine neue Standanmeldung' : `${count} neue Standanmeldungen`),
  digest: (event: string) => `für deinen Flohmarkt „${event}“ sind neue Stände angemeldet worden:`,
  digestAction: 'Anmeldungen prüfen',
  digestFooter: (minutes: number) => {
    const every = Math.max(1, Math.round(minutes));
    return `Du bekommst diese Zusammenfassung höchstens ${every === 1 ? 'einmal pro Minute' : `alle ${every} Minuten`}, solange neue Anmeldungen eingehen. Abschalten kannst du sie auch im Bearbeiten-Formular des Flohmarkts.`;
  },

  waitlistedSubject: (event: string, position: number) =>
    fitAround((name) => `Warteliste beim Flohmarkt „${name}“: Platz ${position}`, event, MAIL_SUBJECT_MAX_LENGTH),
  waitlistedHeading: (position: number) => `Du stehst auf der Warteliste (Platz ${position})`,
  waitlisted: (event: string) => `beim Flohmarkt „${event}“ sind gerade alle Standplätze vergeben. Deine Anmeldung steht auf der Warteliste.`,
  waitlistedNext: 'Sobald ein Platz frei wird, rückst du automatisch nach und bekommst eine E-Mail. Du musst nichts weiter tun.',

  promotedSubject: aroundName((event) => `Ein Platz ist frei: Deine Anmeldung für „${event}“ ist nachgerückt`),
  promotedHeading: 'Du bist von der Warteliste nachgerückt',
  promoted: (event: string) =>
    `beim Flohmarkt „${event}“ ist ein Standplatz frei geworden. Deine Anmeldung ist von der Warteliste nachgerückt und wird jetzt vom Organisator geprüft.`,

  eventAction: 'Zum Flohmarkt',
  myStandsAction: 'Meine Stände',
  reason: 'Begründung',
  when: 'Termin',
  deadline: 'Anmeldeschluss',
  where: 'Ort',
  before: 'Bisher',
  guestName: 'Gast',
  hello: (firstName: string | null) => {
    const name = asName(firstName);
    return name ? `Hallo ${name},` : 'Hallo,';
  },
  standUpdatesFooter: 'Du bekommst diese E-Mail, weil du bei diesem Flohmarkt einen Stand angemeldet hast.',
} as const;
