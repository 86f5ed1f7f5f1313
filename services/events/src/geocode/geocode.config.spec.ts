import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GEOCODE_ENV, geocodeOptions } from './geocode.config.js';

const ZEnv = z.object({ ...GEOCODE_ENV, REDIS_URL: z.string().default('redis://127.0.0.1:6379'), REDIS_PREFIX: z.string().default('flohmarkt:') });

describe('geocoding configuration', () => {
  it('is offline only when GEOCODER_URL is unset or empty', () => {
    expect(geocodeOptions(ZEnv.parse({})).geocoderUrl).toBeUndefined();
    expect(geocodeOptions(ZEnv.parse({ GEOCODER_URL: '' })).geocoderUrl).toBeUndefined();
  });

  it('takes a geocoder URL and a User-Agent, with a default for the latter', () => {
    const options = geocodeOptions(ZEnv.parse({ GEOCODER_URL: 'https://nominatim.openstreetmap.org' }));
    expect(options).toEqual({
      geocoderUrl: 'https://nominatim.openstreetmap.org',
      userAgent: 'Flohmarkt/1.0',
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'flohmarkt:',
    });
    expect(ZEnv.parse({ GEOCODER_USER_AGENT: 'Flohmarkt/2.0 (+ops@example.org)' }).GEOCODER_USER_AGENT).toBe('Flohmarkt/2.0 (+ops@example.org)');
  });

  it('refuses a GEOCODER_URL that is no URL', () => {
    expect(ZEnv.safeParse({ GEOCODER_URL: 'nominatim' }).success).toBe(false);
  });
});
