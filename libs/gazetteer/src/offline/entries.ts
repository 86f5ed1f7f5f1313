import type { CompactGazetteer } from '../data/compact.js';
import { stateName } from '../data/states.js';
import { baseName, baseOfKey, foldLoose, foldStrict, hasAddendum } from '../text/fold.js';

/** A place as the search sees it: its data plus the folded keys it is matched by. */
export interface PlaceEntry {
  placeId: string;
  name: string;
  displayName: string;
  lat: number;
  lng: number;
  postcodeCount: number;
  approximate: boolean;
  /** Code of the federal state ('' unknown). */
  state: string;
  /** Strict and loose keys of the whole name and of the name without its qualifier. */
  key: string;
  looseKey: string;
  base: string;
  looseBase: string;
  /** Another spelling of a place listed before it. */
  alias?: boolean;
  /**
   * What an address there names as its Ort: the postcode data's spelling of a place that owns
   * postcodes ('Stade' for 'Hansestadt Stade'); null for a part of a town (Kreuzberg, Mitte), whose
   * addresses name the town, which the data do not tell for sure.
   */
  town: string | null;
  /** The place's postcode when it has exactly one, else null. */
  postcode: string | null;
}

export interface PostcodeEntry {
  placeId: string;
  code: string;
  names: string[];
  state: string | null;
  displayName: string;
  lat: number;
  lng: number;
  approximate: boolean;
}

/** Postcode areas with many villages list the first few: '16845 Breddin, Dreetz, Fehrbellin u. a.' */
const NAMES_SHOWN = 3;

/** 'Berlin' rather than 'Berlin, Berlin'; 'Hamburg-Mitte' rather than 'Hamburg-Mitte, Hamburg'. */
function withState(label: string, name: string, state: string | null): string {
  if (!state) return label;
  return name.split(/[\s-]/)[0] === state ? label : `${label}, ${state}`;
}

export function postcodeLabel(code: string, names: readonly string[], state: string | null): string {
  const shown = names.slice(0, NAMES_SHOWN).join(', ') + (names.length > NAMES_SHOWN ? ' u. a.' : '');
  return withState(`${code} ${shown}`, names[0] ?? '', state);
}

/** The four keys of a name, folding as little as possible (the index is built at first use). */
function keysOf(name: string) {
  const key = foldStrict(name);
  const ascii = !/[^ -~]/.test(name); // printable ASCII only: both folds agree
  const looseKey = ascii ? key : foldLoose(name);
  if (!hasAddendum(name)) return { key, looseKey, base: baseOfKey(key), looseBase: ascii ? baseOfKey(key) : baseOfKey(looseKey) };
  return { key, looseKey, base: baseName(name, foldStrict), looseBase: baseName(name, foldLoose) };
}

/**
 * One entry per place, plus one per other spelling of it (the postcode data's 'Stade' for GeoNames'
 * 'Hansestadt Stade'); those share the place's id and label, so the search shows the place once.
 */
export function toEntries(data: CompactGazetteer): { places: PlaceEntry[]; postcodes: PostcodeEntry[] } {
  const places: PlaceEntry[] = [];
  data.places.forEach(([name, lat, lng, stateCode, postcodeCount, approximate, postcode, aliases], i) => {
    const state = stateName(stateCode);
    // A village GeoNames lacks is known by its postcode: '16845 Dreetz, Brandenburg'.
    const label = approximate && postcode ? `${postcode} ${name}` : name;
    const place: PlaceEntry = {
      placeId: `place-${i}`,
      name,
      displayName: withState(label, name, state),
      lat,
      lng,
      postcodeCount,
      approximate: approximate === 1,
      state: stateCode,
      ...keysOf(name),
      town: postcodeCount > 0 ? (aliases.length === 1 ? aliases[0]! : name) : null,
      postcode: postcodeCount === 1 && postcode ? postcode : null,
    };
    places.push(place);
    for (const alias of aliases) places.push({ ...place, name: alias, ...keysOf(alias), alias: true });
  });
  const postcodes = data.postcodes.map(([code, names, lat, lng, stateCode, approximate]): PostcodeEntry => {
    // The state of an approximate postcode is a guess from its neighbours: better left out.
    const state = approximate ? null : stateName(stateCode);
    return { placeId: `postcode-${code}`, code, names, state, displayName: postcodeLabel(code, names, state), lat, lng, approximate: approximate === 1 };
  });
  postcodes.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return { places, postcodes };
}
