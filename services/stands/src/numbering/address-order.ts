import { houseNumberOrder, type TStandAddress } from '@flohmarkt/contracts';

/** A stand with the address it was given (issue 33). */
export interface TAddressedStand {
  id: string;
  address: Pick<TStandAddress, 'street' | 'houseNumber' | 'town'>;
}

// German rules for the street names ("Ährenweg" with the A's); digits as numbers.
const names = new Intl.Collator('de-DE', { numeric: true, sensitivity: 'base' });

/**
 * "Nummerieren nach Straße" for stands with an address: street by street in the order of their
 * names (town, then street), and in each street one side after the other: the odd house numbers
 * up, then the even ones back down — as a helper walks a Hofflohmarkt with the list, crossing the
 * street once. A number with a letter follows its number ('12' before '12a'); a stand without a
 * house number (the public's street-only view is never used here) ends its street.
 *
 * Pure and deterministic: the same stands in any input order give the same order.
 */
export function addressOrder(stands: readonly TAddressedStand[]): string[] {
  const streets = new Map<string, TAddressedStand[]>();
  for (const stand of stands) {
    const key = `${stand.address.town}\u0000${stand.address.street}`;
    streets.set(key, [...(streets.get(key) ?? []), stand]);
  }
  const streetKeys = [...streets.keys()].sort((a, b) => names.compare(a, b) || a.localeCompare(b));
  return streetKeys.flatMap((key) => alongStreet(streets.get(key)!));
}

function alongStreet(stands: readonly TAddressedStand[]): string[] {
  const byNumber = (a: TAddressedStand, b: TAddressedStand) => {
    const [na, ra] = houseNumberOrder(a.address.houseNumber);
    const [nb, rb] = houseNumberOrder(b.address.houseNumber);
    return na - nb || names.compare(ra, rb) || a.id.localeCompare(b.id);
  };
  const sorted = [...stands].sort(byNumber);
  const numberOf = (s: TAddressedStand) => houseNumberOrder(s.address.houseNumber)[0];
  const known = sorted.filter((s) => numberOf(s) !== Number.MAX_SAFE_INTEGER);
  const odd = known.filter((s) => numberOf(s) % 2 === 1);
  const even = known.filter((s) => numberOf(s) % 2 === 0).reverse();
  const without = sorted.filter((s) => numberOf(s) === Number.MAX_SAFE_INTEGER);
  return [...odd, ...even, ...without].map((s) => s.id);
}
