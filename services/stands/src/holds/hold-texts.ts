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
  requestedUntil: (until: string, free: boolean) =>
    `Nimmst du an, hältst du es bis ${until} zurück; danach endet die Reservierung von selbst. ${free ? 'Es ist zu verschenken, wie du angegeben hast.' : 'Bezahlt wird am Stand, wie immer.'}`,
  requestedChoose: 'Tippe auf „Annehmen“ oder „Ablehnen“; auf der Seite bestätigst du deine Wahl.',
  acceptAction: 'Annehmen',
  declineAction: 'Ablehnen',
  requestedAction: 'Anfrage ansehen',
  sellerFooter: 'Du bekommst diese E-Mail, weil jemand ein Angebot deines Stands reservieren möchte.',

  acceptedSubject: aroundTitle((title) => `Reserviert: „${title}“`),
  acceptedHeading: 'Deine Reservierung ist angenommen',
  accepted: (title: string, market: string) => `der Verkäufer hält „${title}“ beim Flohmarkt „${market}“ für dich zurück.`,
  acceptedCode: (code: string) => `Dein Abholcode: ${code}. Nenne ihn am Stand, dann weiß der Verkäufer, dass du es bist.`,
  /** The button to the OpenStreetMap route to the stand (only where the holder may see its exact place). */
  routeAction: 'Route zum Stand',
  acceptedUntil: (until: string) => `Die Reservierung gilt bis ${until}; kommst du später, ist das Angebot wieder für alle zu haben.`,

  declinedSubject: aroundTitle((title) => `Nicht reserviert: „${title}“`),
  declinedHeading: 'Deine Reservierung wurde abgelehnt',
  declined: (title: string, market: string) =>
    `der Verkäufer kann „${title}“ beim Flohmarkt „${market}“ leider nicht für dich zurückhalten. Vielleicht ist es am Markttag trotzdem noch da.`,

  endedSubject: aroundTitle((title) => `Reservierung beendet: „${title}“`),
  endedHeading: 'Deine Reservierung ist beendet',
  ended: (title: string, market: string) =>
    `der Verkäufer hält „${title}“ beim Flohmarkt „${market}“ nicht mehr für dich zurück; das Angebot ist wieder für alle zu haben. Vielleicht ist es am Markttag trotzdem noch da.`,

  soldSubject: aroundTitle((title) => `Verkauft: „${title}“`),
  soldHeading: 'Das Angebot ist verkauft',
  /** The seller sold the item (their hold or their request for it ends with it); `accepted`: it was kept for them. */
  sold: (title: string, market: string, accepted: boolean) =>
    accepted
      ? `der Verkäufer hat „${title}“ beim Flohmarkt „${market}“ verkauft; deine Reservierung ist damit beendet, und dein Abholcode gilt nicht mehr. Vielleicht findest du am Stand trotzdem etwas anderes.`
      : `der Verkäufer hat „${title}“ beim Flohmarkt „${market}“ verkauft; deine Reservierungsanfrage ist damit beendet. Vielleicht findest du am Stand trotzdem etwas anderes.`,

  /** Where the holder picks the item up: the stand by its title, and its address as far as the holder may see it. */
  pickupAt: (stand: string, address: string) => `Abholen kannst du es am Stand „${stand}“: ${address}.`,
  pickupAtStreet: (stand: string, streetAndTown: string, standUrl: string) =>
    `Abholen kannst du es am Stand „${stand}“, ${streetAndTown}. Die Hausnummer zeigt die Seite des Stands ab dem Markttag: ${standUrl}`,
  pickupAtMarket: (stand: string, standUrl: string) =>
    `Abholen kannst du es am Stand „${stand}“ auf dem Flohmarkt; wo er steht, zeigt die Seite des Stands: ${standUrl}`,
  stand: 'Stand',
  address: 'Adresse',
  /** The house number the seller keeps hidden until the market day (approximate location). */
  addressLater: (streetAndTown: string) => `${streetAndTown} (Hausnummer ab dem Markttag)`,
  /** The market's own place, apart from the stand's address (on a Hofflohmarkt each stand has its own). */
  marketPlace: 'Ort des Flohmarkts',

  holdAction: 'Reservierung ansehen',
  holderFooter: 'Du bekommst diese E-Mail, weil du ein Angebot reserviert hast.',
  code: 'Abholcode',
} as const;
