import { DATE_LOCALE, type TItem } from '@flohmarkt/contracts';

const euros = new Intl.NumberFormat(DATE_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "12,50 €" (a no-break space keeps the sign with its number). */
export function formatEuros(cents: number): string {
  return `${euros.format(cents / 100)}\u00a0€`;
}

/** An item's price as the tables say it: "12,50 €", "VB", "8,00 € VB", "zu verschenken". */
export function formatPrice(price: TItem['price']): string {
  if (price.kind === 'free') return 'zu verschenken';
  if (price.kind === 'negotiable') return price.cents === undefined ? 'VB' : `${formatEuros(price.cents)} VB`;
  return formatEuros(price.cents ?? 0);
}
