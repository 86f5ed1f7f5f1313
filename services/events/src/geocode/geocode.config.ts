import { z } from 'zod';
import { env } from '@flohmarkt/server-kit';

/**
 * The geocoding variables of the events service; spread into ZEventsEnv. Both optional: without
 * GEOCODER_URL the service answers from the offline gazetteer alone.
 */
export const GEOCODE_ENV = {
  GEOCODER_URL: z
    .preprocess((v) => (v === '' ? undefined : v), env.url().optional())
    .describe(
      "A Nominatim-compatible geocoder for full addresses, e.g. https://nominatim.openstreetmap.org or one's own; unset or empty: the offline gazetteer only.",
    ),
  GEOCODER_USER_AGENT: z
    .string()
    .trim()
    .min(1)
    .default('Flohmarkt/1.0')
    .describe("Names the product to the geocoder (Nominatim's usage policy asks for an application and a contact)."),
};

export interface GeocodeOptions {
  /** Unset: offline only. */
  geocoderUrl?: string;
  userAgent?: string;
  /** With a geocoder configured, replicas share its one request per second through Redis. */
  redisUrl?: string;
  redisPrefix?: string;
  /** Whole budget of an online call (default 3 s, below the gateway's limit). */
  timeoutMs?: number;
}

/** The module's options from the service's configuration. */
export function geocodeOptions(config: { GEOCODER_URL?: string; GEOCODER_USER_AGENT: string; REDIS_URL: string; REDIS_PREFIX: string }): GeocodeOptions {
  return { geocoderUrl: config.GEOCODER_URL, userAgent: config.GEOCODER_USER_AGENT, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX };
}

export const GEOCODE_OPTIONS = Symbol('GEOCODE_OPTIONS');
