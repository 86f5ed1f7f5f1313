import type { TItem } from './items.js';

/*
 * An item's price as price tags in Germany read it, the same on the stand page, in the search and in
 * mails: „12,50 €“, „20 €“ (whole euros without a decimal part), „VB“ or „VB 20 €“, „zu verschenken“.
 */

// A no-break space: the amount and its € never part at a line end.
const EURO = '\u00a0€';
const WHOLE = new Intl.NumberFormat('de-DE');

/** 1250 → „12,50 €“, 2000 → „20 €“, 123400 → „1.234 €“. */
function formatEuros(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  const whole = WHOLE.format(euros);
  return rest === 0 ? `${whole}${EURO}` : `${whole},${String(rest).padStart(2, '0')}${EURO}`;
}

/** The price as the lists show it: „12,50 €“, „VB“ or „VB 20 €“, „zu verschenken“. */
export function formatItemPrice(price: TItem['price']): string {
  if (price.kind === 'free') return 'zu verschenken';
  if (price.kind === 'negotiable') return price.cents === undefined ? 'VB' : `VB ${formatEuros(price.cents)}`;
  return formatEuros(price.cents ?? 0);
}
