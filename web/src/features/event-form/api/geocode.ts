import { LIMITS, formatCoordinates, type TGeocodeResult, type TLatLng } from '@flohmarkt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/geocode?q=&limit=5: the address search of the forms (docs/product.md#maps). */
export const addressSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['geocode', q, LIMITS.addressSearchResults],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ q, limit: String(LIMITS.addressSearchResults) });
      return api.get<TGeocodeResult[]>(`/api/geocode?${search.toString()}`, { signal });
    },
  });

/**
 * The display address of a picked point. docs/product.md#in-the-browser: a failure is only logged and the address
 * falls back to 'lat, lng' with 4 decimals (as it does when the answer has no name).
 */
export async function reverseGeocode(point: TLatLng): Promise<string> {
  try {
    const search = new URLSearchParams({ lat: String(point.lat), lng: String(point.lng) });
    const answer = await api.get<{ displayName?: string } | null>(`/api/geocode/reverse?${search.toString()}`);
    return answer?.displayName?.trim() || formatCoordinates(point);
  } catch (error) {
    // eslint-disable-next-line no-console -- docs/product.md#in-the-browser: reverse geocoding failures are only logged
    console.warn('Rückwärts-Geokodierung fehlgeschlagen', error);
    return formatCoordinates(point);
  }
}

/**
 * Where a typed location lies, for a form saved without a point of its own (issue 30, O1): the address
 * search's first answer, or null when it has none or is not reachable (then the event is saved without
 * a point, as the text alone).
 */
export async function locateTyped(location: string): Promise<TLatLng | null> {
  const q = location.trim();
  if (q.length < LIMITS.addressSearchMinChars) return null;
  try {
    const search = new URLSearchParams({ q, limit: '1' });
    const [first] = await api.get<TGeocodeResult[]>(`/api/geocode?${search.toString()}`);
    return first ? { lat: first.lat, lng: first.lng } : null;
  } catch {
    return null;
  }
}
