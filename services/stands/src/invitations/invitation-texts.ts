import { MAIL_SUBJECT_MAX_LENGTH, fitAround } from '@flohmarkt/contracts';

/** The organiser as the sentence needs them: their name, or "der Veranstalter" while the read model does not know it. */
const who = (organiser: string | null, atStart: boolean) => organiser ?? (atStart ? 'Der Veranstalter' : 'der Veranstalter');

/** German texts of the invitation to a market's sellers of last time ("Frühere Aussteller einladen", issue 34). */
export const INVITATION_TEXTS = {
  /** The date stays whole; a long market name is shortened at a word, its closing quote kept. */
  subject: (market: string, date: string) => fitAround((name) => `Neuer Termin: „${name}“ am ${date}`, market, MAIL_SUBJECT_MAX_LENGTH),
  heading: 'Du bist zum neuen Termin eingeladen',
  invites: (organiser: string | null, market: string) =>
    `${who(organiser, true)} lädt dich zum Flohmarkt „${market}“ ein und würde sich freuen, wenn du wieder mit einem Stand dabei bist.`,
  lastTime: (previousMarket: string, previousDate: string) =>
    `Beim letzten Termin, „${previousMarket}“ am ${previousDate}, hattest du dort einen Stand. Über den Link meldest du deinen Stand für den neuen Termin an.`,
  action: 'Stand anmelden',
  footer: (organiser: string | null) => `Du bekommst diese Mail, weil du beim letzten Termin einen Stand hattest und ${who(organiser, false)} dich einlädt.`,
} as const;

/** An organiser's display name (first and last name), or null when the read model knows neither. */
export function organiserName(person: { firstName: string | null; lastName: string | null } | undefined): string | null {
  return [person?.firstName, person?.lastName].filter(Boolean).join(' ') || null;
}
