import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '@flohmarkt/server-kit';
import type { TEventsEnv } from '../config.js';
import { StreetGeocoder } from './street-geocoder.js';
import { StreetLookupController } from './street-lookup.controller.js';

/*
 * GET /internal/geocode/street (contracts STREET_AT) against a local server that answers like
 * Nominatim's /reverse, with the real Redis gate: the street from the address details, "none there",
 * "no geocoder configured", a busy or failing geocoder as 503, and the one-request-per-second slot
 * shared with the public geocoding.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const UA = 'Flohmarkt-Test/1.0 (+https://flohmarkt.example/kontakt)';
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
const servers: Server[] = [];
const geocoders: StreetGeocoder[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  await Promise.all(geocoders.splice(0).map((g) => g.onApplicationShutdown()));
});
afterAll(async () => {
  await redis.quit();
});

interface Seen {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  at: number;
}

/** Nominatim's /reverse in miniature: Bergmannstraße around 52.4895 N, a park elsewhere, or a failure. */
async function nominatim(status = 200): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'], at: Date.now() });
    const body = url.searchParams.get('lat')?.startsWith('52.489')
      ? {
          place_id: 1,
          display_name: '3, Bergmannstraße, Kreuzberg, Berlin, 10961, Deutschland',
          address: { house_number: '3', road: 'Bergmannstraße', suburb: 'Kreuzberg', city: 'Berlin', postcode: '10961', country_code: 'de' },
        }
      : { place_id: 2, display_name: 'Tempelhofer Feld, Berlin, Deutschland', address: { park: 'Tempelhofer Feld', city: 'Berlin', country_code: 'de' } };
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status === 200 ? body : { error: 'overloaded' }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function lookup(geocoderUrl: string | undefined, prefix = `flohmarkt-test-${randomBytes(4).toString('hex')}:`): StreetLookupController {
  const config = { GEOCODER_URL: geocoderUrl, GEOCODER_USER_AGENT: UA, REDIS_URL, REDIS_PREFIX: prefix } as TEventsEnv;
  const geocoder = new StreetGeocoder(config);
  geocoders.push(geocoder);
  return new StreetLookupController(geocoder);
}

async function refusal(call: Promise<unknown>): Promise<DomainError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('the street at a point', () => {
  it("names the street from the geocoder's address details, asking as the product with its user agent", async () => {
    const geocoder = await nominatim();
    const controller = lookup(geocoder.url);
    expect(await controller.street({ lat: '52.48950000', lng: '13.39050000' })).toEqual({
      geocoder: true,
      street: 'Bergmannstraße',
      postcode: '10961',
      town: 'Berlin',
    });
    expect(geocoder.seen).toHaveLength(1);
    expect(geocoder.seen[0]).toMatchObject({ path: '/reverse', userAgent: UA });
    expect(Object.fromEntries(geocoder.seen[0]!.query)).toMatchObject({ lat: '52.489500', lon: '13.390500', addressdetails: '1', format: 'json' });
    // The same point again: from the cache, not from the geocoder.
    expect(await controller.street({ lat: '52.4895', lng: '13.3905' })).toEqual({
      geocoder: true,
      street: 'Bergmannstraße',
      postcode: '10961',
      town: 'Berlin',
    });
    expect(geocoder.seen).toHaveLength(1);
  });

  it('answers no street where the geocoder names none', async () => {
    const geocoder = await nominatim();
    expect(await lookup(geocoder.url).street({ lat: '52.4730', lng: '13.4010' })).toEqual({ geocoder: true, street: null, postcode: null, town: 'Berlin' });
  });

  it('says there is no geocoder when none is configured, and asks nobody', async () => {
    expect(await lookup(undefined).street({ lat: '52.4895', lng: '13.3905' })).toEqual({ geocoder: false, street: null, postcode: null, town: null });
  });

  it('answers 503 (ask again later) when the geocoder fails, never "no street"', async () => {
    const geocoder = await nominatim(503);
    expect((await refusal(lookup(geocoder.url).street({ lat: '52.4895', lng: '13.3905' }))).code).toBe('UNAVAILABLE');
    expect(geocoder.seen).toHaveLength(1);
  });

  it('refuses a point outside the globe with a German message', async () => {
    const error = await refusal(lookup(undefined).street({ lat: '91', lng: '13.39' }));
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toMatch(/Breitengrad/);
  });

  it('waits for the slot the public geocoding holds (one request per second for the product), and gives up as busy past its time', async () => {
    const geocoder = await nominatim();
    const prefix = `flohmarkt-test-${randomBytes(4).toString('hex')}:`;
    // Another replica's /api/geocode request took the slot a moment ago.
    await redis.set(`${prefix}geocoder:slot`, '1', 'PX', 800);
    const started = Date.now();
    expect(await lookup(geocoder.url, prefix).street({ lat: '52.4895', lng: '13.3905' })).toEqual({
      geocoder: true,
      street: 'Bergmannstraße',
      postcode: '10961',
      town: 'Berlin',
    });
    expect(geocoder.seen[0]!.at - started).toBeGreaterThanOrEqual(700);

    await redis.set(`${prefix}geocoder:slot`, '1', 'PX', 10_000);
    expect((await refusal(lookup(geocoder.url, prefix).street({ lat: '52.4896', lng: '13.3960' }))).code).toBe('UNAVAILABLE');
    expect(geocoder.seen).toHaveLength(1);
  });
});
