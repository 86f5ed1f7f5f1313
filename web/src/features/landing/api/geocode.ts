import { SEARCH_ADDRESSES, type TGeocodeResult } from '@flohmarkt/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

/**
 * SEARCH_ADDRESSES (place names and postcodes, an offline gazetteer on the server): the landing
 * search uses the first hit only (docs/product.md#landing-page-and-search: limit 1).
 */
const landingGeocodeQueryOptions = (q: string) => {
  const query = { q, limit: 1 };
  return queryOptions({
    // Its data is the first hit alone (or null): the limit of 1 keeps it apart from the lists of hits.
    queryKey: callQueryKey(SEARCH_ADDRESSES, { query }),
    queryFn: async ({ signal }) => {
      try {
        const [first] = await callApi(SEARCH_ADDRESSES, { query, signal });
        return first ?? null;
      } catch (error) {
        // docs/product.md#in-the-browser: a geocoding failure on the landing page is only logged.
        // eslint-disable-next-line no-console -- docs/product.md#in-the-browser: only logged
        console.warn('Geocoding fehlgeschlagen', error);
        return null;
      }
    },
  });
};

export function useLandingGeocode(q: string) {
  return useQuery({ ...landingGeocodeQueryOptions(q), enabled: q !== '' });
}

/**
 * A picked suggestion becomes the place: its name goes into the address (?ort=) and its point is
 * remembered as that name's lookup, so the map centres on exactly what was picked, without a
 * second request that might find a different first hit.
 */
export function rememberPickedPlace(queryClient: QueryClient, place: TGeocodeResult) {
  queryClient.setQueryData(landingGeocodeQueryOptions(place.displayName.trim()).queryKey, place);
}
