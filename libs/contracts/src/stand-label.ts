/*
 * What a stand is called and how its address is written (issue 33), without zod: the web app's event
 * page names stands with these, and a visitor's first load carries no schema library (issue 21).
 */

/** An address as a stand read carries it: `houseNumber` null where the reader may not see it yet. */
export interface TStandAddress {
  street: string;
  houseNumber: string | null;
  postcode: string;
  town: string;
}

/** 'Hohe Straße 12', or 'Hohe Straße' without the number. */
export function streetLine(address: Pick<TStandAddress, 'street' | 'houseNumber'>): string {
  return address.houseNumber ? `${address.street} ${address.houseNumber}` : address.street;
}

/** 'Hohe Straße 12, 50667 Köln': the whole address on one line (print, CSV-free places, maps links). */
export function addressLine(address: TStandAddress): string {
  return `${streetLine(address)}, ${address.postcode} ${address.town}`;
}

/** What a stand is called where no title is fixed, when it has neither a number nor a shown address or name. */
export const UNNUMBERED_STAND_LABEL = 'Stand ohne Nummer';

type Names = { firstName?: string | null; lastName?: string | null };

/**
 * What the public reads of a review's writer's last name: 'Besuch' → 'B.' (the first whole code point,
 * upper-cased), null for none; the page shows 'Vera B.' anyway. (Stand reads keep the seller's whole
 * name: the event page's search finds a stand by it, as the product spec asks.)
 */
export function lastNameInitial(lastName: string | null | undefined): string | null {
  const first = [...(lastName?.trim() ?? '')][0];
  return first ? `${first.toUpperCase()}.` : null;
}

/** First name plus the initial of the last name ('Max M.'), else the first name, else null. */
export function shortPersonName({ firstName, lastName }: Names): string | null {
  const first = firstName?.trim();
  const last = lastName?.trim();
  if (first && last) return `${first} ${last.charAt(0).toUpperCase()}.`;
  return first || null;
}

interface LabelledStand {
  standNumber: string | null;
  address?: TStandAddress | null;
  exhibitor: Names | null;
  guestFirstName: string | null;
  guestLastName: string | null;
}

/**
 * The stand's `label` in every read: its number when set, else its address as the reader sees it
 * ('Hohe Straße 12'; the street alone while the number is hidden), else the holder's display name
 * (where the reader may see names), else "Stand ohne Nummer" — never a piece of its id.
 */
export function standLabel(stand: LabelledStand): string {
  const number = stand.standNumber?.trim();
  if (number) return number;
  if (stand.address) return streetLine(stand.address);
  const names = stand.exhibitor ?? { firstName: stand.guestFirstName, lastName: stand.guestLastName };
  return shortPersonName(names) ?? UNNUMBERED_STAND_LABEL;
}

/**
 * Whether what was typed into "Standnummer oder -name" reads as a number ('12', '12a', 'B7', 'A-3', '#4'):
 * short, one word, its digits at most two characters in. Anything else is a name ('Waffelstand', 'Garage
 * hinter dem blauen Tor', 'Stand12' and 'Nr.5', which say what they are themselves).
 */
export function isStandNumber(value: string): boolean {
  return value.length <= 8 && !/\s/.test(value) && /^(?!nr)\D{0,2}\d/i.test(value);
}

/** A set number or name as a title: 'Stand #12' for a number (the product spec's title, '#12' too), a name as typed. */
export function numberTitle(number: string): string {
  return isStandNumber(number) ? `Stand #${number.replace(/^#/, '')}` : number;
}

/**
 * What a stand is called in lists, cards and mails: 'Stand #12' where it has a number, its name where
 * one was typed instead ('Waffelstand', never 'Stand #Waffelstand'), else its label (the address, the
 * holder's display name or "Stand ohne Nummer").
 */
export function standTitle(stand: { standNumber: string | null | undefined; label: string }): string {
  const number = stand.standNumber?.trim();
  return number ? numberTitle(number) : stand.label;
}

/** A house number's place in a street: its number and the rest ('12a' → [12, 'a']), for walking a street in order. */
export function houseNumberOrder(houseNumber: string | null): [number, string] {
  const match = /^(\d+)(.*)$/.exec(houseNumber ?? '');
  return match ? [Number(match[1]), match[2]!] : [Number.MAX_SAFE_INTEGER, houseNumber ?? ''];
}
