import { LIMITS, SEARCH_ADDRESSES, type TGeocodeResult } from '@flohmarkt/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

/** SEARCH_ADDRESSES: place names and postcodes (offline gazetteer on the server). */
export function geocode(q: string, limit: number, signal?: AbortSignal): Promise<TGeocodeResult[]> {
  return callApi(SEARCH_ADDRESSES, { query: { q, limit }, signal });
}

/** The landing search uses the first hit only (docs/product.md#landing-page-and-search: limit 1). */
export const landingGeocodeQueryOptions = (q: string) =>
  queryOptions({
    // Its data is the first hit alone (or null): the limit of 1 keeps it apart from the lists of hits.
    queryKey: callQueryKey(SEARCH_ADDRESSES, { query: { q, limit: 1 } }),
    queryFn: async ({ signal }) => {
      try {
        const [first] = await geocode(q, 1, signal);
        return first ?? null;
      } catch (error) {
        // docs/product.md#in-the-browser: a geocoding failure on the landing page is only logged.
        // eslint-disable-next-line no-console -- docs/product.md#in-the-browser: only logged
        console.warn('Geocoding fehlgeschlagen', error);
        return null;
      }
    },
  });

export function useLandingGeocode(q: string) {
  return useQuery({ ...landingGeocodeQueryOptions(q), enabled: q !== '' });
}

/**
 * The suggestions under the search box while typing: the address search's rules
 * (docs/product.md#limits-at-a-glance: from 3 characters, 5 results). A failure shows no list;
 * the typed text still searches on its own.
 */
export const placeSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: callQueryKey(SEARCH_ADDRESSES, { query: { q, limit: LIMITS.addressSearchResults } }),
    queryFn: ({ signal }) => geocode(q, LIMITS.addressSearchResults, signal),
  });

/**
 * A picked suggestion becomes the place: its name goes into the address (?ort=) and its point is
 * remembered as that name's lookup, so the map centres on exactly what was picked, without a
 * second request that might find a different first hit.
 */
export function rememberPickedPlace(queryClient: QueryClient, place: TGeocodeResult) {
  queryClient.setQueryData(landingGeocodeQueryOptions(place.displayName.trim()).queryKey, place);
}
