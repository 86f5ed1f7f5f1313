import { centroid, distanceKm, nearestTo, round5, type LatLng } from '../geo/distance.js';
import { baseName, foldStrict } from '../text/fold.js';
import { COMPACT_VERSION, type CompactGazetteer, type CompactPlace, type CompactPostcode } from './compact.js';
import type { RawSources } from './raw-sources.js';

// Distances measured on the data themselves: for postcodes whose names match exactly one place,
// the median position of their numeric neighbours (2 below, 2 above, same 2-digit region) lies a
// median 9 km from the postcode's own place; 95 % within 28 km, 98 % within 41 km. Two namesakes
// (the Neustadts) are almost always more than 50 km apart, so the nearest one to that region wins.
/** The names of one postcode lie within this distance of their centre. */
const CLUSTER_KM = 30;
/** A postcode this far from its neighbours matched a namesake elsewhere (08237 Steinberg, 512 km). */
const ANCHOR_OUTLIER_KM = 60;
/** A name resolves to the namesake within this distance of the postcode's region. */
const MATCH_KM = 40;
/** Closer for a name spelt otherwise ('Forst an der Weinstraße' is not the Forst 45 km away). */
const OTHER_SPELLING_KM = 25;
/** Up to this far when the name exists once in both sources (27498 Helgoland lies 75 km off the coast). */
const UNIQUE_MATCH_KM = 150;
/** Neighbours on each side that give a postcode's region. */
const NEIGHBOURS_EACH_SIDE = 2;
/** Villages of one name within this distance are one place (the same village in two postcodes). */
const SAME_VILLAGE_KM = 15;

/** GeoNames' main names are English for two German cities; the product speaks German. */
const EXONYMS: Readonly<Record<string, string>> = { Munich: 'München', Nuremberg: 'Nürnberg' };

interface City extends LatLng {
  index: number;
  name: string;
  state: string;
}

interface Anchor extends LatLng {
  code: number;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const leitregion = (code: number) => Math.floor(code / 1000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Where a postcode lies according to its neighbours: the median of the nearest anchored postcodes
 * below and above it in the same 2-digit region (German postcodes are assigned area by area), without
 * the postcode itself. Null when its region has no anchor.
 */
function regionOf(code: number, anchors: readonly Anchor[]): LatLng | null {
  let lo = 0;
  let hi = anchors.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (anchors[mid]!.code < code) lo = mid + 1;
    else hi = mid;
  }
  const near: Anchor[] = [];
  for (let i = lo - 1, n = 0; i >= 0 && n < NEIGHBOURS_EACH_SIDE && leitregion(anchors[i]!.code) === leitregion(code); i--, n++) near.push(anchors[i]!);
  let i = lo;
  if (anchors[i]?.code === code) i++;
  for (let n = 0; i < anchors.length && n < NEIGHBOURS_EACH_SIDE && leitregion(anchors[i]!.code) === leitregion(code); i++, n++) near.push(anchors[i]!);
  if (!near.length) return null;
  return { lat: median(near.map((a) => a.lat)), lng: median(near.map((a) => a.lng)) };
}

/**
 * Joins the two registry packages into one gazetteer: a position for every postcode (from its place
 * names found in GeoNames) and a postcode count for every place (the ranking's size heuristic).
 * Same-named places are told apart by the postcode's neighbours; names GeoNames lacks (villages) get
 * their postcode's position, flagged approximate.
 */
export function compileGazetteer(raw: RawSources): CompactGazetteer {
  const cities: City[] = raw.cities.map((c, index) => ({ index, name: EXONYMS[c.name] ?? c.name, state: c.admin1, lat: Number(c.lat), lng: Number(c.lng) }));
  const byKey = new Map<string, City[]>();
  const byBase = new Map<string, City[]>();
  for (const city of cities) {
    push(byKey, foldStrict(city.name), city);
    push(byBase, baseName(city.name), city);
  }

  const codes = Object.keys(raw.postcodes)
    .filter((code) => /^\d{5}$/.test(code))
    .sort();

  // A name found once in GeoNames and used in one postcode region only is the same place for sure.
  const regionsOfName = new Map<string, Set<number>>();
  for (const code of codes) {
    for (const name of raw.postcodes[code]!) {
      const key = foldStrict(name);
      const regions = regionsOfName.get(key) ?? new Set<number>();
      regions.add(leitregion(Number(code)));
      regionsOfName.set(key, regions);
    }
  }
  const isUnique = (key: string) => byKey.get(key)?.length === 1 && regionsOfName.get(key)?.size === 1;

  // 1. Anchors: postcodes whose names each match exactly one place, all close together.
  const candidates: Anchor[] = [];
  for (const code of codes) {
    const matched: City[] = [];
    let ambiguous = false;
    for (const name of raw.postcodes[code]!) {
      const found = byKey.get(foldStrict(name));
      if (!found) continue;
      if (found.length > 1) ambiguous = true;
      else matched.push(found[0]!);
    }
    if (ambiguous || !matched.length) continue;
    const centre = centroid(matched);
    if (matched.some((city) => distanceKm(city, centre) > CLUSTER_KM)) continue;
    candidates.push({ code: Number(code), ...centre });
  }
  // 2. Drop anchors far from their neighbours: the one place of that name in GeoNames is another one.
  const anchors = candidates.filter((anchor) => {
    const region = regionOf(anchor.code, candidates);
    if (!region) return true;
    const km = distanceKm(anchor, region);
    if (km <= ANCHOR_OUTLIER_KM) return true;
    const names = raw.postcodes[String(anchor.code).padStart(5, '0')]!.map(foldStrict).filter((key) => byKey.has(key));
    return km <= UNIQUE_MATCH_KM && names.every(isUnique);
  });

  // 3. Every postcode: each name to the namesake nearest its region.
  const postcodeCount = new Map<City, number>();
  const aliases = new Map<City, Set<string>>();
  const firstPostcode = new Map<City, string>();
  const postcodes: CompactPostcode[] = [];
  const villages: CompactPlace[] = [];
  const villagesByKey = new Map<string, CompactPlace[]>();
  for (const code of codes) {
    const names = raw.postcodes[code]!;
    const region = regionOf(Number(code), anchors);
    const resolved: City[] = [];
    const unresolved: string[] = [];
    for (const name of names) {
      const key = foldStrict(name);
      let city: City | null = null;
      if (region) {
        // The same name first, then without its qualifier ('Neustadt' → Neustadt (Hessen)), then the
        // first part of a merged municipality ('Dessau-Roßlau' → Dessau); each only near the region.
        const hyphenated = /^([^-\s]{4,})-/.exec(name)?.[1];
        const tiers = [byKey.get(key), byBase.get(baseName(name)), hyphenated ? byKey.get(foldStrict(hyphenated)) : undefined];
        for (const [tier, found] of tiers.entries()) {
          if (!found?.length) continue;
          const best = nearestTo(region, found)!;
          const accepted = tier === 0 ? best.km <= MATCH_KM || (best.km <= UNIQUE_MATCH_KM && isUnique(key)) : best.km <= OTHER_SPELLING_KM;
          if (accepted) {
            city = best.place;
            break;
          }
        }
      } else if (byKey.get(key)?.length === 1) {
        city = byKey.get(key)![0]!;
      }
      if (city) {
        resolved.push(city);
        // Searchable by the postcode data's spelling too ('Stade' → Hansestadt Stade).
        if (foldStrict(city.name) !== key) {
          const spellings = aliases.get(city) ?? new Set<string>();
          aliases.set(city, spellings.add(name));
        }
      } else {
        unresolved.push(name);
      }
    }
    const position = resolved.length ? centroid(resolved) : region;
    if (!position) continue; // no place known and no neighbour: nothing honest to say
    const state = resolved[0]?.state ?? '';
    const approximate = resolved.length ? 0 : 1;
    postcodes.push([code, names, round5(position.lat), round5(position.lng), state, approximate]);
    for (const city of new Set(resolved)) {
      postcodeCount.set(city, (postcodeCount.get(city) ?? 0) + 1);
      if (!firstPostcode.has(city)) firstPostcode.set(city, code);
    }
    for (const name of unresolved) {
      const key = foldStrict(name);
      const same = villagesByKey.get(key)?.find((v) => distanceKm({ lat: v[1], lng: v[2] }, position) <= SAME_VILLAGE_KM);
      if (same) {
        same[4] += 1;
        continue;
      }
      const village: CompactPlace = [name, round5(position.lat), round5(position.lng), state, 1, 1, code, []];
      villages.push(village);
      push(villagesByKey, key, village);
    }
  }

  const places: CompactPlace[] = cities.map((city) => [
    city.name,
    round5(city.lat),
    round5(city.lng),
    city.state,
    postcodeCount.get(city) ?? 0,
    0,
    firstPostcode.get(city) ?? '',
    [...(aliases.get(city) ?? [])],
  ]);
  places.push(...villages);
  return { version: COMPACT_VERSION, places, postcodes };
}
