/**
 * The gazetteer as shipped: every German place and postcode with one position, computed once from the
 * registry packages (see compile.ts). Tuples, not objects: the file is read at each service start.
 */
export interface CompactGazetteer {
  version: typeof COMPACT_VERSION;
  /** [name, lat, lng, state code ('' unknown), postcodes the place owns, approximate (1) or not (0), first postcode ('' none), other spellings] */
  places: CompactPlace[];
  /** [postcode, place names, lat, lng, state code ('' unknown), approximate (1) or not (0)] */
  postcodes: CompactPostcode[];
}

export type CompactPlace = [
  name: string,
  lat: number,
  lng: number,
  state: string,
  postcodeCount: number,
  approximate: 0 | 1,
  postcode: string,
  aliases: string[],
];
export type CompactPostcode = [code: string, names: string[], lat: number, lng: number, state: string, approximate: 0 | 1];

export const COMPACT_VERSION = 2;

/** File name of the precomputed data beside the compiled library (written by `npm run build`). */
export const COMPACT_FILE_NAME = 'gazetteer-data.json';

export function isCompactGazetteer(value: unknown): value is CompactGazetteer {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Partial<CompactGazetteer>;
  return data.version === COMPACT_VERSION && Array.isArray(data.places) && Array.isArray(data.postcodes);
}
