import { LruTtlCache, type GeocodeCache } from './cache.js';
import type { FoundAddress } from '../streets/suggestions.js';
import { GeocoderError } from './geocoder-error.js';
import { sharedThrottle, type Throttle } from './throttle.js';

interface NominatimOptions {
  /** The geocoder's address, e.g. https://nominatim.openstreetmap.org (a path prefix is kept). */
  baseUrl: string;
  /** Nominatim refuses anonymous clients: name the application and a contact, 'Flohmarkt/1.0 (+https://…)'. */
  userAgent: string;
  /** Whole budget of one call, waiting for the throttle included (default 3 s: under the gateway's 4 s). */
  timeoutMs?: number;
  /** Default: one throttle per geocoder origin for the whole process, at one request per second. */
  throttle?: Throttle;
  /**
   * Called after the process's own throttle, before each request: a service with several replicas
   * passes a Redis-backed gate here so that all of them together keep to the limit. It must settle
   * by the deadline (epoch ms) or reject.
   */
  acquire?: (deadline: number) => Promise<void>;
  /** Default: in memory, 1000 entries. */
  cache?: GeocodeCache;
  /** Default 24 hours: addresses rarely move, and the public service asks clients to cache. */
  cacheTtlMs?: number;
  /** Language of the names in the answers (default German). */
  language?: string;
}

/** One answer of the online search, already in the product's shape. */
export interface OnlineGeocodeHit {
  displayName: string;
  lat: number;
  lng: number;
  placeId: string;
  /** The parts the geocoder names (a form fills its address fields from them); null when it names none. */
  address: FoundAddress | null;
}

const DEFAULT_TIMEOUT_MS = 3000;
const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** The address at a point: the whole line, and the street, postcode and town alone where the geocoder names them. */
export interface ReverseAddress {
  displayName: string;
  street: string | null;
  houseNumber: string | null;
  postcode: string | null;
  town: string | null;
}

/** The fields of a Nominatim place this client reads. */
interface NominatimPlace {
  place_id?: unknown;
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
  address?: Record<string, unknown> & { country_code?: unknown };
}

/**
 * Where Nominatim's address details put the way a point lies on: a road, or the pedestrian zone,
 * footway, square or named place (addr:place) that stands in for one. First found wins.
 */
const STREET_KEYS = ['road', 'pedestrian', 'footway', 'path', 'cycleway', 'square', 'place'] as const;

/** Where the town is: the city, town, village or municipality the point belongs to (a city's suburb is not its town). */
const TOWN_KEYS = ['city', 'town', 'village', 'municipality'] as const;

function firstNamed(place: NominatimPlace | null, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = place?.address?.[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

const streetOf = (place: NominatimPlace | null) => firstNamed(place, STREET_KEYS);
const houseNumberOf = (place: NominatimPlace | null) => firstNamed(place, ['house_number']);
const townOf = (place: NominatimPlace | null) => firstNamed(place, TOWN_KEYS);

/** A German postcode only (five digits); anything else the geocoder puts there is no postcode to search by. */
function postcodeOf(place: NominatimPlace | null): string | null {
  const value = place?.address?.postcode;
  return typeof value === 'string' && /^\d{5}$/.test(value.trim()) ? value.trim() : null;
}

/** The street, house number, postcode and town the geocoder names for a place. */
function partsOf(place: NominatimPlace | null): FoundAddress {
  return { street: streetOf(place), houseNumber: houseNumberOf(place), postcode: postcodeOf(place), town: townOf(place) };
}

function toHit(place: NominatimPlace): OnlineGeocodeHit | null {
  const lat = Number(place.lat);
  const lng = Number(place.lon);
  if (typeof place.display_name !== 'string' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  // countrycodes=de already asks for Germany only; a proxy or another geocoder might not honour it.
  const country = place.address?.country_code;
  if (typeof country === 'string' && country.toLowerCase() !== 'de') return null;
  const placeId = typeof place.place_id === 'number' || typeof place.place_id === 'string' ? String(place.place_id) : `${lat},${lng}`;
  const parts = partsOf(place);
  // A place the geocoder names no part of (a region, a country) has no address to fill a form with.
  return { displayName: place.display_name, lat, lng, placeId, address: Object.values(parts).some((part) => part !== null) ? parts : null };
}

function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GeocoderError('busy', 'Der Geocoder ist gerade ausgelastet.')), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A client of a Nominatim-compatible geocoder (the public OpenStreetMap service or one of one's own):
 * German results only, throttled, cached, with a hard time limit. Every failure is a GeocoderError.
 */
export class NominatimClient {
  private readonly base: URL;
  private readonly timeoutMs: number;
  private readonly throttle: Throttle;
  private readonly cache: GeocodeCache;
  private readonly cacheTtlMs: number;
  private readonly language: string;
  /** Identical questions asked at the same time share one request. */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly options: NominatimOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.throttle = options.throttle ?? sharedThrottle(this.base.origin);
    this.cache = options.cache ?? new LruTtlCache(1000);
    this.cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
    this.language = options.language ?? 'de';
  }

  /** Places and addresses in Germany for a free-text query, best first. */
  async search(query: string, limit = 5): Promise<OnlineGeocodeHit[]> {
    const q = query.trim().replace(/\s+/g, ' ');
    const params = { q, format: 'json', addressdetails: '1', countrycodes: 'de', limit: String(limit), 'accept-language': this.language };
    return this.cached(`search:${limit}:${q.toLowerCase()}`, async () => {
      const body = await this.get('search', params);
      if (!Array.isArray(body)) throw new GeocoderError('invalid', 'Unerwartete Antwort des Geocoders.');
      return body.flatMap((place: NominatimPlace) => toHit(place) ?? []).slice(0, limit);
    });
  }

  /** The address at a point, or null when the geocoder knows none there. */
  async reverse(lat: number, lng: number): Promise<string | null> {
    return (await this.reverseAddress(lat, lng))?.displayName ?? null;
  }

  /**
   * The address at a point with its street (the organiser's stands per street), or null when the
   * geocoder knows none there. One request, one cache entry, shared with reverse().
   */
  async reverseAddress(lat: number, lng: number): Promise<ReverseAddress | null> {
    const params = { format: 'json', addressdetails: '1', lat: lat.toFixed(6), lon: lng.toFixed(6), 'accept-language': this.language };
    // Five decimals are about a metre: a map click a hair away from the last one is the same address.
    const answer = await this.cached(`reverse:${lat.toFixed(5)},${lng.toFixed(5)}`, async () => {
      const body = (await this.get('reverse', params)) as NominatimPlace | null;
      // Nominatim answers 200 with { error: 'Unable to geocode' } at sea.
      return {
        displayName: typeof body?.display_name === 'string' ? body.display_name : null,
        ...partsOf(body),
      };
    });
    if (answer.displayName === null) return null;
    return { displayName: answer.displayName, street: answer.street, houseNumber: answer.houseNumber ?? null, postcode: answer.postcode, town: answer.town };
  }

  /** A cache that fails (a shared store that is down) only costs the saving, never the answer. */
  private async cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = (await Promise.resolve()
      .then(() => this.cache.get(key))
      .catch(() => undefined)) as T | undefined;
    if (hit !== undefined) return hit;
    const pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const loading = load()
      .then(async (value) => {
        await Promise.resolve()
          .then(() => this.cache.set(key, value, this.cacheTtlMs))
          .catch(() => undefined);
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, loading);
    return loading;
  }

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    const deadline = Date.now() + this.timeoutMs;
    await this.throttle.acquire(deadline);
    if (this.options.acquire) await beforeDeadline(this.options.acquire(deadline), deadline);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new GeocoderError('timeout', 'Der Geocoder hat nicht rechtzeitig geantwortet.');

    const url = new URL(path, this.base);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'user-agent': this.options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(remaining),
      });
    } catch (error) {
      throw this.failure(error);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new GeocoderError('http', `Der Geocoder antwortete mit ${response.status}.`);
    }
    try {
      return await response.json();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw this.failure(error);
      throw new GeocoderError('invalid', 'Unerwartete Antwort des Geocoders.');
    }
  }

  private failure(error: unknown): GeocoderError {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return new GeocoderError('timeout', 'Der Geocoder hat nicht rechtzeitig geantwortet.');
    }
    return new GeocoderError('network', 'Der Geocoder ist nicht erreichbar.');
  }
}
