import { foldLoose, foldStrict } from '../text/fold.js';
import type { PlaceEntry } from './entries.js';

/**
 * How well a place's name answers a query; lower is better, null is no match.
 *  0   the name, or the name without its qualifier ('Frankfurt' → Frankfurt am Main, Frankfurt (Oder))
 *  2   the name starts with the query ('Münch' → München)
 *  3   a later word of the name starts with it ('Berlin' → Bernau bei Berlin)
 * +0.5 when only the loose fold matches (umlauts typed without dots: 'munchen').
 */
export type MatchScore = number;

export interface NameQuery {
  strict: string;
  loose: string;
}

export function nameQuery(text: string): NameQuery {
  return { strict: foldStrict(text), loose: foldLoose(text) };
}

function tier(key: string, base: string, query: string, exactOnly: boolean): number | null {
  if (!query) return null;
  if (key === query || base === query) return 0;
  if (exactOnly) return null;
  if (key.startsWith(query)) return 2;
  if (key.includes(` ${query}`)) return 3;
  return null;
}

export function matchScore(place: PlaceEntry, query: NameQuery, exactOnly = false): MatchScore | null {
  const strict = tier(place.key, place.base, query.strict, exactOnly);
  const loose = tier(place.looseKey, place.looseBase, query.loose, exactOnly);
  if (strict === null && loose === null) return null;
  return Math.min(strict ?? Infinity, loose === null ? Infinity : loose + 0.5);
}

const collator = new Intl.Collator('de');

/**
 * Best first: the better match; a place with known coordinates before a village placed by its
 * postcode; the larger place first (GeoNames has no population here, the number of postcodes a place
 * owns stands in for it: Frankfurt am Main has dozens, Frankfurt (Oder) a few); the exact name before
 * the name without qualifier; the shorter name; then alphabetical, so the order is stable.
 */
export function compareMatches(
  a: { place: PlaceEntry; score: MatchScore; exactKey: boolean },
  b: { place: PlaceEntry; score: MatchScore; exactKey: boolean },
): number {
  return (
    a.score - b.score ||
    Number(a.place.approximate) - Number(b.place.approximate) ||
    b.place.postcodeCount - a.place.postcodeCount ||
    Number(b.exactKey) - Number(a.exactKey) ||
    a.place.name.length - b.place.name.length ||
    collator.compare(a.place.name, b.place.name)
  );
}
