/*
 * The limits of items and their search (issue 35), without zod: the market page's link to the search reads
 * them in its first paint (zod-free.spec.ts).
 */

export const ITEMS_MAX_PER_STAND = 20;
export const ITEM_TITLE_MIN_LENGTH = 3;
export const ITEM_TITLE_MAX_LENGTH = 80;
/** A price in cents stays below 100,000 € (a flea market, not an auction house). */
export const ITEM_PRICE_MAX_CENTS = 10_000_000;
export const ITEM_SEARCH_RADIUS_MAX_KM = 50;
export const ITEM_SEARCH_RADIUS_DEFAULT_KM = 10;
export const ITEM_SEARCH_LIMIT_MAX = 100;
export const ITEM_SEARCH_QUERY_MIN_LENGTH = 2;
export const ITEM_SEARCH_QUERY_MAX_LENGTH = 100;
