import { DATE_LOCALE } from './limits.js';

/*
 * Numbers, units and counted nouns as people read them here (de-DE): "0,3 km", "1 Stand",
 * "2 Stände", "1.250 Stände". One module for the web app and the services, so no text says
 * "1 Stände" or "0.3 km".
 */

const integerFormat = new Intl.NumberFormat(DATE_LOCALE, { maximumFractionDigits: 0 });

/** "1 Stand", "2 Stände", "0 Stände", "1.250 Stände": the noun in the number's form. */
export function formatCount(count: number, singular: string, plural: string): string {
  return `${integerFormat.format(count)} ${count === 1 ? singular : plural}`;
}

/** "0,3 km", "12 km": kilometres with at most `fractionDigits` decimals, German comma. */
export function formatKm(km: number, fractionDigits = 1): string {
  return `${new Intl.NumberFormat(DATE_LOCALE, { maximumFractionDigits: fractionDigits }).format(km)} km`;
}
