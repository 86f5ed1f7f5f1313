import { ITEM_PRICE_MAX_CENTS, type TItemPrice } from '@flohmarkt/contracts';

/*
 * An item's price as people type it in Germany: „12,50“, „12.5“ or „12“ (euros), sent to the server in
 * cents (shown with the contracts' formatItemPrice).
 */

export type PriceKind = TItemPrice['kind'];

// Euros with at most two decimals after a comma or a point; a € sign and spaces around are forgiven.
// No thousands separators: „1.250“ could be 1,25 € or 1250 €, so it is refused rather than guessed.
const AMOUNT = /^(\d{1,6})(?:[.,](\d{1,2}))?$/;

/** „12,50“, „12.5“, „12“ or „12,50 €“ → cents; null when it is no amount of euros within the limit. */
export function parseEuros(text: string): number | null {
  const match = AMOUNT.exec(text.replace(/€/g, '').trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= ITEM_PRICE_MAX_CENTS ? cents : null;
}

/** Cents as the amount field shows them again for editing: 1250 → „12,50“, 2000 → „20“. */
export function eurosInput(cents: number | undefined): string {
  if (cents === undefined) return '';
  const rest = cents % 100;
  return rest === 0 ? String(cents / 100) : `${Math.floor(cents / 100)},${String(rest).padStart(2, '0')}`;
}
