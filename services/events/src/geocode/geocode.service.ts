import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatCoordinates, type TGeocodeQuery, type TGeocodeResult, type TReverseGeocodeQuery, type TReverseGeocodeResult } from '@flohmarkt/contracts';
import { GeocoderError, gazetteerBuildStats, reverse as reverseOffline, search as searchOffline, type GazetteerResult, type OnlineGeocodeHit } from '@flohmarkt/gazetteer';
import { looksLikeAddress } from './address-query.js';
import { ONLINE_GEOCODER, type OnlineGeocoder } from './online-geocoder.js';

/** The wire shape only (the gazetteer's kind and precision stay inside). */
const toResult = (hit: GazetteerResult | OnlineGeocodeHit): TGeocodeResult => ({ displayName: hit.displayName, lat: hit.lat, lng: hit.lng, placeId: hit.placeId });

/**
 * Address search and reverse geocoding, Germany only. Offline first: the gazetteer of German towns and
 * postcodes answers in a millisecond without sending anybody's query anywhere. The online geocoder
 * (when configured) answers what the gazetteer cannot: streets with house numbers, places it does not
 * know, places it only knows by their postcode area. Any online failure falls back to the offline answer.
 */
@Injectable()
export class GeocodeService {
  private readonly logger = new Logger('Geocode');
  private reportedIndex = false;

  constructor(@Inject(ONLINE_GEOCODER) private readonly online: OnlineGeocoder | null) {}

  async search({ q, limit }: TGeocodeQuery): Promise<TGeocodeResult[]> {
    const offline = searchOffline(q, limit);
    this.reportIndex();
    const needsOnline = looksLikeAddress(q) || offline.length === 0 || offline.every((r) => r.approximate);
    if (this.online && needsOnline) {
      const online = await this.tryOnline(this.online.search(q, limit));
      if (online?.length) return online.map(toResult);
    }
    return offline.map(toResult);
  }

  /**
   * The address at a point. Online first when configured (a street address is what a location form
   * wants, and the gazetteer only knows towns), then the nearest town, then the coordinates as
   * 'lat, lng' with 4 decimals (docs/product.md#maps).
   */
  async reverse({ lat, lng }: TReverseGeocodeQuery): Promise<TReverseGeocodeResult> {
    if (this.online) {
      const address = await this.tryOnline(this.online.reverse(lat, lng));
      if (address) return { displayName: address };
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
