import { distanceKm, type LatLng } from '../geo/distance.js';
import { gazetteer } from '../offline/default.js';
import type { Gazetteer } from '../offline/gazetteer.js';
import { foldStrict } from '../text/fold.js';
import { addressParts, spellOutStreet, type AddressParts } from './address-parts.js';
import { isOfferableName } from './offerable-name.js';
import { houseNumberKey, streetKeys, townKeys } from './street-keys.js';

/** One address of the street index: what is shown, and the keys it is found by. */
export interface IndexedAddress {
  street: string;
  streetKey: string;
  streetLoose: string;
  /** Normalised ('12a'); null when the address named none. */
  houseNumber: string | null;
  postcode: string | null;
  town: string;
  townKey: string;
  townLoose: string;
}

const POSTCODE_PART = /^(?:d-?)?(\d{5})(?:\s+(.*))?$/i;

/** A point this close to a place's or postcode's own point is that point (a saved one comes back rounded). */
const PLACE_MIDDLE_KM = 0.02;

/**
 * Whether a point is only a place's middle: where the search put an address it found only as its town
 * or postcode (the organiser kept it so with a second press, issue 30). Learned as the street's point,
 * it would come back to every later search as that street found, at the town's middle, and be saved
 * without a word; such an address is not learned.
 */
function isPlaceMiddle(point: LatLng, postcode: string | null, places: Gazetteer = gazetteer()): boolean {
  if (places.reverse(point.lat, point.lng, PLACE_MIDDLE_KM)) return true;
  const ofPostcode = postcode ? places.searchMatches(postcode, 1)[0]?.result : undefined;
  return ofPostcode !== undefined && distanceKm(ofPostcode, point) <= PLACE_MIDDLE_KM;
}

/**
 * A named spot instead of a street ('Theresienwiese, 80336 München', 'Domplatte, Köln'): the first
 * comma part, when it has no digits, is no town itself, and a later part tells the town (a postcode
 * or a known town). People search for these names as they search for streets.
 */
function namedSpot(text: string, places: Gazetteer): AddressParts | null {
  const [first, ...rest] = text
    .normalize('NFC')
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (!first || !rest.length || /\d/.test(first) || !foldStrict(first) || places.townNamed(first)) return null;
  let postcode: string | null = null;
  let townText: string | null = null;
  const laterParts: string[] = [];
  for (const part of rest) {
    const code = POSTCODE_PART.exec(part);
    if (code && !postcode) {
      postcode = code[1]!;
      townText = code[2]?.trim() || null;
    } else laterParts.push(part);
  }
  if (!postcode && !laterParts.some((part) => places.townNamed(part))) return null;
  return { street: first.replace(/\s+/g, ' '), houseNumber: null, postcode, townText, laterParts };
}

/**
 * The street address in a location text, ready for the index, or null when the text names no street
 * (nor a named spot, see namedSpot) or no town can be told. The town is, in this order: the text next to the postcode or house number
 * ('50667 Köln', 'Hauptstraße 5 Köln'), a later part that is one of the postcode's places, a later
 * part that is a known town, the postcode's first place, and last the town at the location's point.
 * A street or town that does not read as one (offerable-name.ts) is not offered to others: null; so is an
 * address whose point is only its place's middle (isPlaceMiddle).
 */
export function indexAddress(text: string, point: LatLng | null, places: Gazetteer = gazetteer()): IndexedAddress | null {
  const parts = addressParts(text) ?? namedSpot(text, places);
  if (!parts || (point && isPlaceMiddle(point, parts.postcode, places))) return null;
  const postcodeNames = parts.postcode ? places.postcodeNames(parts.postcode) : null;
  const ofPostcode = (part: string) => postcodeNames?.find((name) => foldStrict(name) === foldStrict(part)) ?? null;
  const town =
    (parts.townText ? (places.townNamed(parts.townText) ?? parts.townText.trim()) : null) ??
    firstOf(parts.laterParts, ofPostcode) ??
    firstOf(parts.laterParts, (part) => places.townNamed(part)) ??
    postcodeNames?.[0] ??
    (point ? places.townAt(point.lat, point.lng) : null);
  if (!town || !foldStrict(town) || !isOfferableName(parts.street) || !isOfferableName(town)) return null;
  const street = streetKeys(parts.street);
  const townK = townKeys(town);
  return {
    street: parts.street,
    streetKey: street.strict,
    streetLoose: street.loose,
    houseNumber: parts.houseNumber ? houseNumberKey(parts.houseNumber) : null,
    postcode: parts.postcode,
    town,
    townKey: townK.strict,
    townLoose: townK.loose,
  };
}

/**
 * A street that is known to be one (the geocoder named it for a stand's position), ready for the
 * index: nothing to read out of a text, no house number (a stand's number would point at a home). The
 * town is the one given (as the gazetteer spells it where it knows it), else the postcode's first
 * place, else the town at the point; null when none can be told, the street has no letters, or either does not read as a name (offerable-name.ts).
 */
export function indexStreet(
  street: string,
  where: { postcode: string | null; town: string | null; point: LatLng },
  places: Gazetteer = gazetteer(),
): IndexedAddress | null {
  const spelled = spellOutStreet(street.normalize('NFC'));
  const postcode = where.postcode && /^\d{5}$/.test(where.postcode) ? where.postcode : null;
  if (isPlaceMiddle(where.point, postcode, places)) return null;
  const town =
    (where.town?.trim() ? (places.townNamed(where.town) ?? where.town.trim()) : null) ??
    (postcode ? places.postcodeNames(postcode)?.[0] : null) ??
    places.townAt(where.point.lat, where.point.lng);
  if (!spelled || !foldStrict(spelled) || !town || !foldStrict(town) || !isOfferableName(spelled) || !isOfferableName(town)) return null;
  const keys = streetKeys(spelled);
  const townK = townKeys(town);
  return {
    street: spelled,
    streetKey: keys.strict,
    streetLoose: keys.loose,
    houseNumber: null,
    postcode,
    town,
    townKey: townK.strict,
    townLoose: townK.loose,
  };
}

/** The town keys of a postcode's places ('50667' → {'koeln'}); empty for none or an unknown code. */
export function postcodeTownKeys(code: string | null, places: Gazetteer = gazetteer()): Set<string> {
  return new Set((code ? (places.postcodeNames(code) ?? []) : []).map((name) => townKeys(name).strict));
}

function firstOf(list: readonly string[], pick: (item: string) => string | null): string | null {
  for (const item of list) {
    const found = pick(item);
    if (found) return found;
  }
  return null;
}
