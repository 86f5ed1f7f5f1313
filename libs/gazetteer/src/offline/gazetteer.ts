import type { CompactGazetteer } from '../data/compact.js';
import type { FoundAddress } from '../found-address.js';
import { distanceKm, nearestTo, type LatLng } from '../geo/distance.js';
import { foldLoose, foldStrict } from '../text/fold.js';
import { postcodeLabel, toEntries, type PlaceEntry, type PostcodeEntry } from './entries.js';
import { compareMatches, matchScore, nameQuery, type MatchScore } from './name-match.js';
import { PlaceGrid, PlaceNames } from './place-lookup.js';

type GazetteerKind = 'place' | 'postcode';

export interface GazetteerResult {
  displayName: string;
  lat: number;
  lng: number;
  placeId: string;
  kind: GazetteerKind;
  /**
   * True when the position is only the postcode area's (a village GeoNames lacks, or a postcode whose
   * places it lacks): good for centring a map, not for a pin. The online geocoder knows better.
   */
  approximate: boolean;
  /**
   * What the result tells of an address: its postcode and town where known for sure, never a street
   * or house number (a form fills its PLZ and Ort from it; the person types the rest). The town is
   * null where it would be a district's name or one of several places of a postcode.
   */
  address: FoundAddress;
}

/** Default radius of reverse(): beyond it a place name would mislead more than coordinates. */
const REVERSE_MAX_KM = 30;
/** A part of a town lies this close to the town's point, and the town has at least this many postcodes. */
const TOWN_KM = 15;
const TOWN_MIN_POSTCODES = 3;
/** A place named in a postcode query is looked up this close to the postcode. */
const NAMED_PLACE_KM = 40;
/** Sub-queries of a failed query (an address's town) need this many letters. */
const MIN_SUB_QUERY = 3;
const MAX_SUB_QUERY_WORDS = 4;

type Ranked = { place: PlaceEntry; score: MatchScore; exactKey: boolean };

/** A result of searchMatches(): the result and whether it is what the whole query names. */
export interface GazetteerMatch {
  result: GazetteerResult;
  exact: boolean;
}

/** Only the postcode and town: a place or postcode has no street. */
const townAddress = (postcode: string | null, town: string | null): FoundAddress => ({ street: null, houseNumber: null, postcode, town });

const placeResult = (place: PlaceEntry): GazetteerResult => {
  const { displayName, lat, lng, placeId, approximate } = place;
  return { displayName, lat, lng, placeId, kind: 'place', approximate, address: townAddress(place.postcode, place.town) };
};

/** A postcode's town is its one place; of a postcode with several ('16845 Breddin, Dreetz, …') none for sure. */
const postcodeResult = (postcode: PostcodeEntry): GazetteerResult => {
  const { displayName, lat, lng, placeId, approximate, code, names } = postcode;
  return { displayName, lat, lng, placeId, kind: 'postcode', approximate, address: townAddress(code, names.length === 1 ? names[0]! : null) };
};

/** Words with digits are house numbers or postcodes, never part of a place name. */
const withoutNumbers = (text: string) =>
  text
    .split(/\s+/)
    .filter((word) => word && !/\d/.test(word))
    .join(' ');

/**
 * German places and postcodes, offline. Search ranks exact names first, then names starting with the
 * query, larger places first; postcodes match by prefix ('101' → 10115, 10117, ...).
 */
export class Gazetteer {
  private constructor(
    private readonly places: readonly PlaceEntry[],
    /** Sorted by code, for prefix search. */
    private readonly postcodes: readonly PostcodeEntry[],
  ) {}

  // Built at first use: a service that only searches by prefix never pays for them.
  private gridIndex: PlaceGrid | null = null;
  private namesIndex: PlaceNames | null = null;
  private get grid(): PlaceGrid {
    return (this.gridIndex ??= new PlaceGrid(this.places));
  }
  private get names(): PlaceNames {
    return (this.namesIndex ??= new PlaceNames(this.places));
  }

  static fromCompact(data: CompactGazetteer): Gazetteer {
    const { places, postcodes } = toEntries(data);
    return new Gazetteer(places, postcodes);
  }

  get size(): { places: number; postcodes: number } {
    return { places: this.places.length, postcodes: this.postcodes.length };
  }

  search(query: string, limit = 5): GazetteerResult[] {
    return this.searchMatches(query, limit).map((match) => match.result);
  }

  /**
   * search() with how each result matched: `exact` when it is the place or postcode the whole query
   * names ('Köln', 'Frankfurt' → Frankfurt am Main, '50667', '16845 Dreetz'), not one that merely
   * starts with it or the town an address was cut down to. The street search ranks around these.
   */
  searchMatches(query: string, limit = 5): GazetteerMatch[] {
    const max = Math.max(0, Math.floor(limit));
    const text = query.normalize('NFC').trim();
    if (!text || !max) return [];
    if (/^\d{1,5}$/.test(text)) return this.byPostcodePrefix(text, max).map((result) => ({ result, exact: text.length === 5 }));

    const segments = text
      .split(/[,;]/)
      .map(withoutNumbers)
      .filter((s) => foldStrict(s));
    const words = segments.join(' ');
    const code = /(?:^|\D)(\d{5})(?!\d)/.exec(text)?.[1];
    const postcode = code ? this.postcode(code) : null;
    if (postcode) {
      // '50667' or '16845 Dreetz' is what the query names; '50667' for 'Musterweg 12 50667' is only its area.
      const { results, named } = this.byPostcodeAndName(postcode, words, max);
      return results.map((result) => ({ result, exact: named || !foldStrict(words) }));
    }

    let ranked = this.rank(words, false);
    let whole = true;
    // Nothing for the whole text: perhaps an address ('Hauptstraße 5, Berlin'). Its town is one of
    // the comma parts, or the last or first words; only exact names count here.
    for (const sub of subQueries(segments, words)) {
      if (ranked.length) break;
      ranked = this.rank(sub, true);
      whole = false;
    }
    const seen = new Set<string>();
    return ranked
      .filter((r) => !seen.has(r.place.displayName) && seen.add(r.place.displayName))
      .slice(0, max)
      .map((r) => ({ result: placeResult(r.place), exact: whole && r.score < 1 }));
  }

  /**
   * The nearest place within maxKm of the point, or null (then show the coordinates). A part of a
   * town (no postcode of its own: a Berlin district, a quarter) is named with its town.
   */
  reverse(lat: number, lng: number, maxKm: number = REVERSE_MAX_KM): GazetteerResult | null {
    const part = this.nearest({ lat, lng }, maxKm);
    if (!part) return null;
    const town = this.townOf(part);
    if (!town || part.key.startsWith(town.key)) return placeResult(part);
    return { ...placeResult(part), displayName: `${part.name}, ${town.displayName}` };
  }

  /**
   * The name of the town at a point, within maxKm: the nearest place, or for a part of a town
   * (a Berlin district) the town itself. What an address without a town name belongs to.
   */
  townAt(lat: number, lng: number, maxKm: number = REVERSE_MAX_KM): string | null {
    const part = this.nearest({ lat, lng }, maxKm);
    if (!part) return null;
    return (this.townOf(part) ?? part).name;
  }

  /** The place names of a postcode ('50667' → ['Köln']); null for a code the data lack. */
  postcodeNames(code: string): readonly string[] | null {
    return this.postcode(code)?.names ?? null;
  }

  /**
   * The name of the town a text names exactly ('Koeln' → 'Köln', 'Frankfurt' → 'Frankfurt am Main'),
   * or null: an address's part is taken for its town only when it is one.
   */
  townNamed(text: string): string | null {
    const best = this.rank(withoutNumbers(text), true)[0];
    return best && best.score === 0 ? best.place.name : null;
  }

  private nearest(point: LatLng, maxKm: number): PlaceEntry | null {
    return this.grid.nearest(point, maxKm, (place) => !place.approximate && !place.alias);
  }

  /**
   * The town a place without postcodes belongs to: in the same state, within 15 km, with several
   * postcodes, the strongest pull (postcodes over squared distance: Köpenick is Berlin's, not the
   * nearer Schöneiche's). Null for a place with postcodes of its own: it is a town itself.
   */
  private townOf(part: PlaceEntry): PlaceEntry | null {
    if (part.postcodeCount > 0) return null;
    let best: { place: PlaceEntry; pull: number } | null = null;
    for (const place of this.grid.near(part, TOWN_KM)) {
      if (place.approximate || place.alias || place.postcodeCount < TOWN_MIN_POSTCODES || place.state !== part.state) continue;
      const km = distanceKm(part, place);
      if (km > TOWN_KM) continue;
      const pull = place.postcodeCount / Math.max(km, 1) ** 2;
      if (!best || pull > best.pull) best = { place, pull };
    }
    return best?.place ?? null;
  }

  private postcode(code: string): PostcodeEntry | null {
    const i = this.lowerBound(code);
    return this.postcodes[i]?.code === code ? this.postcodes[i]! : null;
  }

  private lowerBound(code: string): number {
    let lo = 0;
    let hi = this.postcodes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.postcodes[mid]!.code < code) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private byPostcodePrefix(prefix: string, max: number): GazetteerResult[] {
    const results: GazetteerResult[] = [];
    for (let i = this.lowerBound(prefix); i < this.postcodes.length && results.length < max; i++) {
      const postcode = this.postcodes[i]!;
      if (!postcode.code.startsWith(prefix)) break;
      results.push(postcodeResult(postcode));
    }
    return results;
  }

  /** '16845 Dreetz': the named place of that postcode; just the postcode when no name fits. */
  private byPostcodeAndName(postcode: PostcodeEntry, words: string, max: number): { results: GazetteerResult[]; named: boolean } {
    const query = nameQuery(words);
    const named = query.strict ? postcode.names.filter((name) => foldStrict(name).startsWith(query.strict) || foldLoose(name).startsWith(query.loose)) : [];
    if (!named.length) return { results: [postcodeResult(postcode)], named: false };
    const results = named.slice(0, max).map((name) => {
      const place = this.placeNear(name, postcode);
      return {
        displayName: postcodeLabel(postcode.code, [name], postcode.state),
        lat: place?.lat ?? postcode.lat,
        lng: place?.lng ?? postcode.lng,
        placeId: postcode.placeId,
        kind: 'postcode' as const,
        approximate: place ? place.approximate : postcode.approximate,
        address: townAddress(postcode.code, name),
      };
    });
    return { results, named: true };
  }

  private placeNear(name: string, point: LatLng): PlaceEntry | null {
    return nearestTo(point, this.names.withKey(foldStrict(name)), NAMED_PLACE_KM)?.place ?? null;
  }

  private rank(text: string, exactOnly: boolean): Ranked[] {
    const query = nameQuery(text);
    if (!query.strict) return [];
    const ranked: Ranked[] = [];
    // Exact names only: the few places with that key, looked up instead of scanned.
    for (const place of exactOnly ? this.names.named(query.strict, query.loose) : this.places) {
      const score = matchScore(place, query, exactOnly);
      if (score !== null) ranked.push({ place, score, exactKey: place.key === query.strict || place.looseKey === query.loose });
    }
    return ranked.sort(compareMatches);
  }
}

/**
 * Parts of a query that may name the town: comma parts from the last, then the last and the first
 * one to four words (no German town name is longer). Bounded, so a long query costs a few scans only.
 */
function subQueries(segments: readonly string[], words: string): string[] {
  const parts = segments.length > 1 ? [...segments].reverse().slice(0, MAX_SUB_QUERY_WORDS) : [];
  const list = words.split(' ');
  for (let n = Math.min(MAX_SUB_QUERY_WORDS, list.length - 1); n >= 1; n--) parts.push(list.slice(-n).join(' '));
  for (let n = Math.min(MAX_SUB_QUERY_WORDS, list.length - 1); n >= 1; n--) parts.push(list.slice(0, n).join(' '));
  return [...new Set(parts)].filter((part) => foldStrict(part).length >= MIN_SUB_QUERY);
}
