import { MAIL_SUBJECT_MAX_LENGTH, fitAround, formatKm } from '@flohmarkt/contracts';

const around = (sentence: (name: string) => string) => (name: string) => fitAround(sentence, name, MAIL_SUBJECT_MAX_LENGTH);

/** German texts of the follow and alert mails (issue 34) and of the wish alerts' mails (issue 35). */
export const COME_BACK_TEXTS = {
  followSubject: (count: number) => around((organiser) => (count === 1 ? `Neuer Flohmarkt von ${organiser}` : `${count} neue Flohmärkte von ${organiser}`)),
  followHeading: 'Neu von einem Veranstalter, dem du folgst',
  follow: (organiser: string) => `${organiser} hat neue Flohmärkte eingestellt:`,
  followFooter: 'Du bekommst diese E-Mail, weil du diesem Veranstalter folgst – höchstens eine am Tag.',
  someOrganiser: 'Ein Veranstalter',

  alertSubject: (count: number) =>
    around((place) => (count === 1 ? `Flohmarkt-Alarm: ein Flohmarkt bei ${place}` : `Flohmarkt-Alarm: ${count} Flohmärkte bei ${place}`)),
  alertHeading: 'Flohmarkt-Alarm',
  alert: (radiusKm: number, place: string) => `neu im Umkreis von ${formatKm(radiusKm)} um ${place}:`,
  alertFooter: 'Du bekommst diese E-Mail, weil du unter „Einstellungen“ einen Flohmarkt-Alarm angelegt hast – höchstens eine am Tag.',
  /** An alert without a place name: 'um deinen Ort' in the mail, 'bei deinem Ort' in its subject. */
  yourPlace: 'deinen Ort',
  nearYourPlace: 'deinem Ort',
  withStands: (categories: readonly string[]) => ` (neue Stände: ${categories.join(', ')})`,
  settingsAction: 'Alarme verwalten',

  wishSubject: (query: string) => around((words) => `Neue Angebote für „${words}“ in deiner Nähe`)(query),
  wishHeading: 'Dein Suchauftrag',
  wish: (query: string, radiusKm: number, place: string) => `Neu eingestellt für „${query}“ im Umkreis von ${formatKm(radiusKm)} um ${place}:`,
  wishMore: (count: number) => (count === 1 ? '… und ein weiteres Angebot.' : `… und ${count} weitere Angebote.`),
  wishFooter: 'Du bekommst diese E-Mail, weil du einen Suchauftrag angelegt hast – höchstens eine am Tag.',
  wishSettingsAction: 'Suchaufträge verwalten',
  organiserAction: 'Zum Veranstalter',
} as const;
