import { MAIL_SUBJECT_MAX_LENGTH, fitAround } from '@flohmarkt/contracts';

/** A subject around an item's title, within the mail job's limit: a long title is shortened at a word, the quote kept. */
const aroundTitle = (sentence: (title: string) => string) => (title: string) => fitAround(sentence, title, MAIL_SUBJECT_MAX_LENGTH);

/** German texts of the holds (issue 35): the seller's request mail and the holder's answer mails. */
export const HOLD_TEXTS = {
  /** The holder as the seller sees them when the read model knows no name. */
  someVisitor: 'Ein Besucher',

  requestedSubject: aroundTitle((title) => `Reservierungsanfrage für „${title}“`),
  requestedHeading: 'Jemand möchte dein Angebot reservieren',
  requested: (holder: string, title: string, market: string) =>
    `${holder} möchte dein Angebot „${title}“ beim Flohmarkt „${market}“ reservieren und es bei dir am Stand abholen.`,
  requestedUntil: (until: string) =>
    `Nimmst du an, hältst du es bis ${until} zurück; danach endet die Reservierung von selbst. Bezahlt wird am Stand, wie immer.`,
  requestedChoose: 'Tippe auf einen der Links; auf der Seite bestätigst du deine Wahl:',
  acceptLine: (url: string) => `Annehmen: ${url}`,
  declineLine: (url: string) => `Ablehnen: ${url}`,
  requestedAction: 'Anfrage ansehen',
  sellerFooter: 'Du bekommst diese E-Mail, weil jemand ein Angebot deines Stands reservieren möchte.',

  acceptedSubject: aroundTitle((title) => `Reserviert: „${title}“`),
  acceptedHeading: 'Deine Reservierung ist angenommen',
  accepted: (title: string, market: string) => `der Verkäufer hält „${title}“ beim Flohmarkt „${market}“ für dich zurück.`,
  acceptedCode: (code: string) => `Dein Abholcode: ${code}. Nenne ihn am Stand, dann weiß der Verkäufer, dass du es bist.`,
  acceptedUntil: (until: string) => `Die Reservierung gilt bis ${until}; kommst du später, ist das Angebot wieder für alle zu haben.`,

  declinedSubject: aroundTitle((title) => `Nicht reserviert: „${title}“`),
  declinedHeading: 'Deine Reservierung wurde abgelehnt',
  declined: (title: string, market: string) =>
    `der Verkäufer kann „${title}“ beim Flohmarkt „${market}“ leider nicht für dich zurückhalten. Vielleicht ist es am Markttag trotzdem noch da.`,

  endedSubject: aroundTitle((title) => `Reservierung beendet: „${title}“`),
  endedHeading: 'Deine Reservierung ist beendet',
  ended: (title: string, market: string) =>
    `der Verkäufer hält „${title}“ beim Flohmarkt „${market}“ nicht mehr für dich zurück; das Angebot ist wieder für alle zu haben. Vielleicht ist es am Markttag trotzdem noch da.`,

  holdAction: 'Reservierung ansehen',
  holderFooter: 'Du bekommst diese E-Mail, weil du ein Angebot reserviert hast.',
  code: 'Abholcode',
} as const;
