import { NominatimClient, type OnlineGeocodeHit, type ReverseAddress } from '@flohmarkt/gazetteer';
import type { GeocodeOptions } from './geocode.config.js';

/** The part of the online client the service uses (tests pass a stand-in). */
export interface OnlineGeocoder {
  search(query: string, limit: number): Promise<OnlineGeocodeHit[]>;
  /** The address at a point, with its parts where the geocoder names them (a stand form fills its fields from them). */
  reverseAddress(lat: number, lng: number): Promise<ReverseAddress | null>;
}

/** Null when no geocoder is configured: then the service is offline only. */
export const ONLINE_GEOCODER = Symbol('ONLINE_GEOCODER');

export function onlineGeocoder(options: GeocodeOptions, acquire?: (deadline: number) => Promise<void>): OnlineGeocoder | null {
  if (!options.geocoderUrl) return null;
  return new NominatimClient({ baseUrl: options.geocoderUrl, userAgent: options.userAgent ?? 'Flohmarkt/1.0', timeoutMs: options.timeoutMs, acquire });
}
