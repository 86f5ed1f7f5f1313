import type { FoundAddress } from '../found-address.js';
import type { GazetteerMatch } from '../offline/gazetteer.js';
import type { StreetHit } from './street-ranking.js';

export type { FoundAddress } from '../found-address.js';

/** One suggestion of the search box. */
export interface Suggestion {
  displayName: string;
  lat: number;
  lng: number;
  placeId: string;
  /** A street's parts with the query's house number; a place's or postcode's postcode and town only (street null). */
  address: FoundAddress | null;
}

/**
 * Places and streets in one list, at most `limit`, in this order:
 *  1. the place or postcode the whole query names ('Köln', '50667');
 *  2. streets in the town or postcode the query names ('Hauptstraße 5, Köln', 'Musterweg 50667');
 *  3. streets named exactly so, in any town ('Bahnhofstraße');
 *  4. the other places (names starting with the query, or an address's town);
 *  5. the other streets starting with the query.
 * Each order within a group is the group's own ranking; a label appears once.
 */
export function mergeSuggestions(places: readonly GazetteerMatch[], streets: readonly StreetHit[], limit: number): Suggestion[] {
  const place = ({ result }: GazetteerMatch): Suggestion => result;
  const groups: Suggestion[][] = [
    places.filter((p) => p.exact).map(place),
    streets.filter((s) => s.located),
    streets.filter((s) => !s.located && s.exactStreet),
    places.filter((p) => !p.exact).map(place),
    streets.filter((s) => !s.located && !s.exactStreet),
  ];
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const item of groups.flat()) {
    if (out.length >= limit) break;
    if (seen.has(item.displayName)) continue;
    seen.add(item.displayName);
    out.push({ displayName: item.displayName, lat: item.lat, lng: item.lng, placeId: item.placeId, address: item.address });
  }
  return out;
}
