import { LOCATION_POINT_AGREEMENT_KM } from '@flohmarkt/contracts';
import { distanceKm, gazetteer, type Gazetteer, type LatLng } from '@flohmarkt/gazetteer';

/** The place a location text names, as the offline gazetteer knows it. */
export interface TypedPlace {
  /** As the text says it ('50825 Köln', 'Köln'): what a message quotes back to the organiser. */
  label: string;
  point: LatLng;
  /** The towns that count as that place: the postcode's places, or the named town. */
  towns: readonly string[];
}

const POSTCODE_AND_TOWN = /(?:^|\D)(\d{5})(?!\d)\s*([^,;\n\d]*)/;
/** No German town name has more words; a bounded number of lookups per text. */
const MAX_TOWN_WORDS = 3;

function byPostcode(text: string, places: Gazetteer): TypedPlace | null {
  const match = POSTCODE_AND_TOWN.exec(text);
  if (!match) return null;
  const code = match[1]!;
  const names = places.postcodeNames(code);
  if (!names) return null;
  const townText = match[2]!.trim();
  const label = townText ? `${code} ${townText}` : code;
  // '16845 Dreetz': the named place near the postcode, else the postcode area's point.
  const hit = places.searchMatches(label, 1)[0];
  if (!hit) return null;
  const named = townText ? places.townNamed(townText) : null;
  return { label, point: { lat: hit.result.lat, lng: hit.result.lng }, towns: named ? [...names, named] : names };
}

/** A comma part that is a town ('Domplatte, Köln'), else the last words of the text ('Hauptstraße 5 Köln'). */
function byTown(text: string, places: Gazetteer): TypedPlace | null {
  const parts = text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .reverse();
  const words = (parts[0] ?? '').split(/\s+/).filter((word) => word && !/\d/.test(word));
  const candidates = [...parts];
  for (let n = Math.min(MAX_TOWN_WORDS, words.length - 1); n >= 1; n--) candidates.push(words.slice(-n).join(' '));
  for (const candidate of candidates) {
    const town = places.townNamed(candidate);
    if (!town) continue;
    const hit = places.searchMatches(candidate, 1)[0];
    if (hit) return { label: candidate, point: { lat: hit.result.lat, lng: hit.result.lng }, towns: [town] };
  }
  return null;
}

/**
 * The postcode or town a location text names ('Venloer Straße 400, 50825 Köln' → 50825 Köln), or null
 * when it names none the gazetteer knows ('Gemeindehaus'): then there is nothing to compare a point with.
 */
export function typedPlace(text: string, places: Gazetteer = gazetteer()): TypedPlace | null {
  const normalised = text.normalize('NFC');
  return byPostcode(normalised, places) ?? byTown(normalised, places);
}

/** How far a point lies from the typed place, and the town it lies in (null when none within 30 km). */
export interface PlaceDisagreement {
  km: number;
  pointTown: string | null;
}

/**
 * Null when the point agrees with the typed place: within LOCATION_POINT_AGREEMENT_KM of its point, or in
 * one of its towns (the gazetteer keeps one point per town, so a market in Berlin-Kreuzberg lies 4 km
 * from '10961 Berlin' and is still in Berlin). Else how far off it is.
 */
export function disagreement(place: TypedPlace, point: LatLng, places: Gazetteer = gazetteer()): PlaceDisagreement | null {
  const km = distanceKm(place.point, point);
  if (km <= LOCATION_POINT_AGREEMENT_KM) return null;
  const pointTown = places.townAt(point.lat, point.lng);
  if (pointTown && place.towns.includes(pointTown)) return null;
  return { km, pointTown };
}

/** Whether a location text and a point disagree: false when the text names no known place. */
export function disagrees(text: string, point: LatLng): boolean {
  const place = typedPlace(text);
  return place !== null && disagreement(place, point) !== null;
}
