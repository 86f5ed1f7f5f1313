import { LIMITS, SEARCH_ADDRESSES } from '@flohmarkt/contracts';
import { callQueryOptions } from '@/lib/api-call';

/**
 * SEARCH_ADDRESSES with 5 hits: the suggestions while typing, in the forms' address search and the
 * landing page's place box alike (docs/product.md#maps, docs/product.md#limits-at-a-glance: from 3
 * characters, 5 results). A failure shows no list; the typed text still searches on its own.
 */
export const addressSuggestionsQueryOptions = (q: string) => callQueryOptions(SEARCH_ADDRESSES, { query: { q, limit: LIMITS.addressSearchResults } });
