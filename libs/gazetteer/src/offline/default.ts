import { performance } from 'node:perf_hooks';
import { loadCompactGazetteer } from '../data/load.js';
import { Gazetteer, type GazetteerResult } from './gazetteer.js';

/** What building the index cost (for logs and the report of issue 5). */
interface GazetteerBuildStats {
  ms: number;
  places: number;
  postcodes: number;
}

let instance: Gazetteer | null = null;
let stats: GazetteerBuildStats | null = null;

/** The process-wide gazetteer, built at first use (not at import: a service that never geocodes pays nothing). */
export function gazetteer(): Gazetteer {
  if (!instance) {
    const started = performance.now();
    instance = Gazetteer.fromCompact(loadCompactGazetteer());
    stats = { ms: Math.round(performance.now() - started), ...instance.size };
  }
  return instance;
}

/** Null until the gazetteer was first used. */
export function gazetteerBuildStats(): GazetteerBuildStats | null {
  return stats;
}

/** Places and postcodes for a query, best first. */
export function search(query: string, limit = 5): GazetteerResult[] {
  return gazetteer().search(query, limit);
}

/** The nearest place within maxKm (default 30 km), or null. */
export function reverse(lat: number, lng: number, maxKm?: number): GazetteerResult | null {
  return gazetteer().reverse(lat, lng, maxKm);
}
