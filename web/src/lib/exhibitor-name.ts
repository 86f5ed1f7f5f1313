import type { TStand } from '@flohmarkt/contracts';

type Names = { firstName?: string | null; lastName?: string | null };

/** First name plus the initial of the last name ('Max M.'), else the first name, else 'Aussteller'. */
export function shortName({ firstName, lastName }: Names): string {
  const first = firstName?.trim();
  const last = lastName?.trim();
  if (first && last) return `${first} ${last.charAt(0).toUpperCase()}.`;
  if (first) return first;
  return 'Aussteller';
}

/** The names of a stand's holder: the registered exhibitor, else the guest's names. */
export function standHolderNames(stand: Pick<TStand, 'exhibitor' | 'guestFirstName' | 'guestLastName'>): Names {
  if (stand.exhibitor) return stand.exhibitor;
  return { firstName: stand.guestFirstName, lastName: stand.guestLastName };
}

/** The exhibitor as a stand card shows them (docs/product.md#profiles-and-sellers). */
export function exhibitorDisplayName(stand: Pick<TStand, 'exhibitor' | 'guestFirstName' | 'guestLastName'>): string {
  return shortName(standHolderNames(stand));
}

/**
 * The holder's name beside a stand's title, or null where the title is that name already: a stand
 * without number or address is called by its holder (standTitle), and 'Hannelore · Hannelore' says nothing.
 */
export function holderBesides(stand: Pick<TStand, 'exhibitor' | 'guestFirstName' | 'guestLastName'>, title: string): string | null {
  const who = exhibitorDisplayName(stand);
  return who === title ? null : who;
}
