import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { GeocoderError, NominatimClient } from '@flohmarkt/gazetteer';
import { Redis } from 'ioredis';
import { EVENTS_CONFIG, type TEventsEnv } from '../config.js';
import { redisSlotGate } from '../geocode/redis-gate.js';

/** What the stands service is told about a point (contracts: STREET_AT). */
export interface StreetAnswer {
  geocoder: boolean;
  street: string | null;
  postcode: string | null;
  town: string | null;
}

/** Under the callers' peer timeout (4 s by default), so a busy geocoder is a 503, not a cut connection. */
const STREET_LOOKUP_TIMEOUT_MS = 3000;

/**
 * The street at a point, from the online geocoder (GEOCODER_URL) when one is configured. It keeps
 * the same usage policy as /api/geocode: the same user agent, the process-wide throttle of that
 * geocoder's origin (the gazetteer's shared throttle) and the same Redis slot key, so the product as a
 * whole sends at most one request per second, and a cache of a day per point.
 * Unavailable (busy, timeout, down, Redis away): GeocoderError, which the caller turns into a 503.
 */
@Injectable()
export class StreetGeocoder implements OnApplicationShutdown {
  private readonly logger = new Logger('StreetGeocoder');
  private readonly client: NominatimClient | null = null;
  private readonly redis: Redis | null = null;

  constructor(@Inject(EVENTS_CONFIG) config: TEventsEnv) {
    if (!config.GEOCODER_URL) return;
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // reconnects by itself; a failed gate fails the lookup, which is asked again later
    this.client = new NominatimClient({
      baseUrl: config.GEOCODER_URL,
      userAgent: config.GEOCODER_USER_AGENT,
      timeoutMs: STREET_LOOKUP_TIMEOUT_MS,
      // The key of the geocode module's gate (geocode.module.ts): one budget for both.
      acquire: redisSlotGate(this.redis, `${config.REDIS_PREFIX}geocoder:slot`),
    });
  }

  async streetAt(lat: number, lng: number): Promise<StreetAnswer> {
    if (!this.client) return { geocoder: false, street: null, postcode: null, town: null };
    try {
      const address = await this.client.reverseAddress(lat, lng);
      return { geocoder: true, street: address?.street ?? null, postcode: address?.postcode ?? null, town: address?.town ?? null };
    } catch (error) {
      if (error instanceof GeocoderError) this.logger.warn(`street lookup failed (${error.reason}): ${error.message}`);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}
