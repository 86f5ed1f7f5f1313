import { z } from 'zod';
import { requiredText } from './fields.js';
import type { TStandAddress } from './stand-label.js';

/*
 * A stand's address (issue 33, Hofflohmarkt: each stand is a courtyard, a garage or a front garden).
 * Street, house number, postcode and town, all four together. Public reads of an approximate stand
 * carry no house number before the event day, exactly as its position is approximate then
 * (services/stands privacy): the owner, the organiser and admins always read it whole.
 */

/** The sentences of the address fields, each naming its field. */
export const ADDRESS_MESSAGES = {
  invalidAddress: 'Die Adresse braucht Straße, Hausnummer, Postleitzahl und Ort.',
  streetRequired: 'Bitte gib die Straße an.',
  streetTooLong: 'Die Straße darf höchstens 100 Zeichen lang sein.',
  houseNumberRequired: 'Bitte gib die Hausnummer an.',
  invalidHouseNumber: 'Die Hausnummer ist eine Zahl, gern mit Buchstaben oder als Bereich, z. B. 12, 12a oder 12-14.',
  invalidPostcode: 'Die Postleitzahl hat fünf Ziffern, z. B. 50667.',
  postcodeUnknown: 'Diese Postleitzahl gibt es in Deutschland nicht. Bitte prüfe die Postleitzahl.',
  townRequired: 'Bitte gib den Ort an.',
  townTooLong: 'Der Ort darf höchstens 80 Zeichen lang sein.',
  postcodeNotInTown: (postcode: string, town: string) => `Die Postleitzahl ${postcode} gehört nicht zu ${town}. Bitte prüfe Postleitzahl und Ort.`,
} as const;

export const ADDRESS_LIMITS = { streetMaxLength: 100, townMaxLength: 80, houseNumberMaxLength: 12 } as const;

/**
 * '12', '12a', '12 A', '12-14', '12a-c', '3/5': digits, an optional letter, an optional range to a
 * second number or letter. A phone's keyboard often types the range with a dash ('12–14'): read as '-'.
 */
const HOUSE_NUMBER = /^(\d{1,4})\s?([a-z])?(?:\s?[-‐‑–—/]\s?(\d{1,4})?\s?([a-z])?)?$/i;

/** A house number as written on the house, with spaces taken out and letters in lower case ('12 A' → '12a'). */
function normalisedHouseNumber(text: string): string | null {
  const match = HOUSE_NUMBER.exec(text.trim());
  if (!match) return null;
  const [, from, letter, to, toLetter] = match;
  // A range needs its second part ('12-' is no house number).
  if (/[-‐‑–—/]/.test(text) && !to && !toLetter) return null;
  const separator = text.includes('/') ? '/' : '-';
  return `${from}${letter?.toLowerCase() ?? ''}${to || toLetter ? `${separator}${to ?? ''}${toLetter?.toLowerCase() ?? ''}` : ''}`;
}

/** Whether a text reads as a German house number (the address search's typed number is checked the same way). */
export function isHouseNumber(text: string): boolean {
  return normalisedHouseNumber(text) !== null;
}

/** Spaces inside a name collapsed: 'Hohe   Straße' is 'Hohe Straße'. */
const collapsed = (text: string) => text.replace(/\s+/g, ' ');

/** The address in a stand's create and edit bodies (registered, guest and walk-up). */
export const ZStandAddressInput = z.object(
  {
    street: requiredText(ADDRESS_MESSAGES.streetRequired, { max: ADDRESS_LIMITS.streetMaxLength, maxMessage: ADDRESS_MESSAGES.streetTooLong }).transform(
      collapsed,
    ),
    houseNumber: requiredText(ADDRESS_MESSAGES.houseNumberRequired, {
      max: ADDRESS_LIMITS.houseNumberMaxLength,
      maxMessage: ADDRESS_MESSAGES.invalidHouseNumber,
    }).transform((text, ctx) => {
      const number = normalisedHouseNumber(text);
      if (number === null) {
        ctx.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.invalidHouseNumber });
        return z.NEVER;
      }
      return number;
    }),
    postcode: z
      .string({ error: ADDRESS_MESSAGES.invalidPostcode })
      .trim()
      .regex(/^\d{5}$/, ADDRESS_MESSAGES.invalidPostcode),
    town: requiredText(ADDRESS_MESSAGES.townRequired, { max: ADDRESS_LIMITS.townMaxLength, maxMessage: ADDRESS_MESSAGES.townTooLong }).transform(collapsed),
  },
  { error: ADDRESS_MESSAGES.invalidAddress },
);
export type TStandAddressInput = z.infer<typeof ZStandAddressInput>;

/** An address as a stand read carries it: `houseNumber` null where the reader may not see it yet (TStandAddress). */
export const ZStandAddress = z.object({
  street: z.string(),
  houseNumber: z.string().nullable(),
  postcode: z.string(),
  town: z.string(),
}) satisfies z.ZodType<TStandAddress>;
