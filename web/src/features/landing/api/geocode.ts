import type { TGeocodeResult } from '@flohmarkt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/geocode: place names and postcodes (offline gazetteer on the server). */
export function geocode(q: string, limit: number, signal?: AbortSignal): Promise<TGeocodeResult[]> {
  const search = new URLSearchParams({ q, limit: String(limit) });
  return api.get<TGeocodeResult[]>(`/api/geocode?${search.toString()}`, { signal });
}

/** The landing search uses the first hit only (docs/product.md#landing-page-and-search: limit 1). */
export const landingGeocodeQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['geocode', q, 1],
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
