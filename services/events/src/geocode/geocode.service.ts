import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { formatCoordinates, type TGeocodeQuery, type TGeocodeResult, type TReverseGeocodeQuery, type TReverseGeocodeResult } from '@flohmarkt/contracts';
import {
  GeocoderError,
  gazetteer,
  gazetteerBuildStats,
  mergeSuggestions,
  reverse as reverseOffline,
  type OnlineGeocodeHit,
  type StreetHit,
  type Suggestion,
} from '@flohmarkt/gazetteer';
import { looksLikeAddress } from './address-query.js';
import { ONLINE_GEOCODER, type OnlineGeocoder } from './online-geocoder.js';
import { StreetIndex } from './street-index.js';

/** The wire shape only (the gazetteer's kind and precision stay inside). */
const toResult = (hit: Suggestion | OnlineGeocodeHit): TGeocodeResult => ({
  displayName: hit.displayName,
  lat: hit.lat,
  lng: hit.lng,
  placeId: hit.placeId,
  address: hit.address,
});

/**
 * Address search and reverse geocoding, Germany only. Offline first: the gazetteer of German towns and
 * postcodes and the street index of the events' own addresses answer in a few milliseconds without
 * sending anybody's query anywhere, so the search box can suggest as people type. The online geocoder
 * (when configured) answers what they cannot: an address with a house number the index does not have,
 * places the gazetteer does not know or only knows by their postcode area. Any online failure falls
 * back to the offline answer.
 */
@Injectable()
export class GeocodeService {
  private readonly logger = new Logger('Geocode');
  private reportedIndex = false;

  constructor(
    @Inject(ONLINE_GEOCODER) private readonly online: OnlineGeocoder | null,
    @Optional() @Inject(StreetIndex) private readonly streets: StreetIndex | null = null,
  ) {}

  async search({ q, limit }: TGeocodeQuery): Promise<TGeocodeResult[]> {
    const places = gazetteer().searchMatches(q, limit);
    this.reportIndex();
    const streets = await this.findStreets(q, limit);
    const offline = mergeSuggestions(places, streets, limit);
    // A house number the index knows is an answer already: no need to spend the geocoder's one request a second.
    const knownHouse = streets.some((street) => street.located && street.atHouse);
    const needsOnline = (looksLikeAddress(q) && !knownHouse) || offline.length === 0 || (!streets.length && places.every((p) => p.result.approximate));
    if (this.online && needsOnline) {
      const online = await this.tryOnline(this.online.search(q, limit));
      if (online?.length) return online.map(toResult);
    }
    return offline.map(toResult);
  }

  /** The street index's answer; without it (database trouble) the places still answer. */
  private async findStreets(q: string, limit: number): Promise<StreetHit[]> {
    if (!this.streets) return [];
    try {
      return await this.streets.find(q, limit);
    } catch (error) {
      this.logger.warn(`street index failed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  }

  /**
   * The address at a point. Online first when configured (a street address is what a location form
   * wants, and the gazetteer only knows towns), then the nearest town, then the coordinates as
   * 'lat, lng' with 4 decimals (docs/product.md#maps).
   */
  async reverse({ lat, lng }: TReverseGeocodeQuery): Promise<TReverseGeocodeResult> {
    if (this.online) {
      const found = await this.tryOnline(this.online.reverseAddress(lat, lng));
      if (found) {
        const { displayName, street, houseNumber, postcode, town } = found;
        return { displayName, address: { street, houseNumber, postcode, town } };
      }
    }
    const town = reverseOffline(lat, lng);
    this.reportIndex();
    return { displayName: town?.displayName ?? formatCoordinates({ lat, lng }) };
  }

  /** The gazetteer is built at its first use: say once what that cost. */
  private reportIndex(): void {
    const stats = gazetteerBuildStats();
    if (this.reportedIndex || !stats) return;
    this.reportedIndex = true;
    this.logger.log(`offline gazetteer ready: ${stats.places} places, ${stats.postcodes} postcodes, built in ${stats.ms} ms`);
  }

  private async tryOnline<T>(call: Promise<T>): Promise<T | null> {
    try {
      return await call;
    } catch (error) {
      // Expected now and then (limit, timeout, geocoder down): the offline answer stands in.
      const reason = error instanceof GeocoderError ? error.reason : 'unexpected';
      this.logger.warn(`online geocoder failed (${reason}): ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}
