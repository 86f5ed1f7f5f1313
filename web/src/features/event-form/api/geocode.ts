import { LIMITS, REVERSE_GEOCODE, SEARCH_ADDRESSES, formatCoordinates, type TFoundAddress, type TGeocodeResult, type TLatLng } from '@flohmarkt/contracts';
import { callApi } from '@/lib/api-call';

/**
 * The display address of a picked point. docs/product.md#in-the-browser: a failure is only logged and the address
 * falls back to 'lat, lng' with 4 decimals (as it does when the answer has no name).
 */
export async function reverseGeocode(point: TLatLng): Promise<string> {
  return (await reverseGeocodeAddress(point)).displayName;
}

/** The same with the address's parts where an online geocoder names them (a stand form fills its address from them). */
export async function reverseGeocodeAddress(point: TLatLng): Promise<{ displayName: string; address: TFoundAddress | null }> {
  try {
    const answer = await callApi(REVERSE_GEOCODE, { query: { lat: point.lat, lng: point.lng } });
    return { displayName: answer.displayName.trim() || formatCoordinates(point), address: answer.address ?? null };
  } catch (error) {
    // eslint-disable-next-line no-console -- docs/product.md#in-the-browser: reverse geocoding failures are only logged
    console.warn('Rückwärts-Geokodierung fehlgeschlagen', error);
    return { displayName: formatCoordinates(point), address: null };
  }
}

/**
 * Where a typed location lies, for a form saved without a point of its own (issue 30, O1): the address
 * search's first answer, or null when it has none or is not reachable (then the event is saved without
 * a point, as the text alone).
 */
export async function locateTyped(location: string): Promise<TGeocodeResult | null> {
  const q = location.trim();
  if (q.length < LIMITS.addressSearchMinChars) return null;
  try {
    const [first] = await callApi(SEARCH_ADDRESSES, { query: { q, limit: 1 } });
    return first ?? null;
  } catch {
    return null;
  }
}
