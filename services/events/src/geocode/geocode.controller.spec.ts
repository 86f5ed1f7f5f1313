import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION } from '@flohmarkt/contracts';
import { ErrorBodyFilter, JsonLogger } from '@flohmarkt/server-kit';
import { GeocodeModule } from './geocode.module.js';
import type { GeocodeOptions } from './geocode.config.js';

const apps: INestApplication[] = [];
const servers: Server[] = [];

/** The module alone in a Nest app on a free port, with the services' error filter. */
async function start(options: GeocodeOptions): Promise<(path: string) => Promise<{ status: number; body: unknown }>> {
  const app = await NestFactory.create(GeocodeModule.forRoot(options), { logger: false });
  app.useGlobalFilters(new ErrorBodyFilter(new JsonLogger('events-test', 'error')));
  await app.listen(0, '127.0.0.1');
  apps.push(app);
  const base = await app.getUrl();
  return async (path) => {
    const res = await fetch(`${base.replace('[::1]', '127.0.0.1')}${path}`);
    return { status: res.status, body: await res.json() };
  };
}

/** The module in front of a stand-in geocoder (GEOCODER_URL), through a Redis gate of its own; the stand-in is closed after the test. */
async function startWithGeocoder(geocoder: Server): ReturnType<typeof start> {
  servers.push(geocoder);
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  return start({
    geocoderUrl: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
    userAgent: 'Flohmarkt-Test/1.0 (+test)',
    redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `flohmarkt-test-${randomBytes(4).toString('hex')}:`,
  });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('GET /geocode and /geocode/reverse (offline)', async () => {
  const get = await start({});

  it('answers places for q, at most limit of them', async () => {
    const res = await get('/geocode?q=Berlin&limit=2');
    expect(res.status).toBe(200);
    const body = res.body as Array<{ displayName: string; lat: number; lng: number; placeId: string }>;
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({ displayName: 'Berlin', lat: expect.any(Number), lng: expect.any(Number), placeId: expect.any(String) });
  });

  it('answers five results by default and an empty list when nothing matches', async () => {
    expect(((await get('/geocode?q=Neu')).body as unknown[]).length).toBe(5);
    expect(await get(`/geocode?q=${encodeURIComponent('xyzzyqwv')}`)).toEqual({ status: 200, body: [] });
  });

  it.each([
    ['/geocode', VALIDATION.searchTooShort],
    ['/geocode?q=Be', VALIDATION.searchTooShort],
    ['/geocode?q=%20%20Be%20%20', VALIDATION.searchTooShort],
    ['/geocode?q=Berlin&q=Hamburg', VALIDATION.searchTooShort],
    ['/geocode?q=Berlin&limit=0', VALIDATION.invalidGeocodeLimit],
    ['/geocode?q=Berlin&limit=abc', VALIDATION.invalidGeocodeLimit],
    ['/geocode?q=Ber%00lin', VALIDATION.invalidCharacters],
    [`/geocode?q=${'Hauptstra%C3%9Fe%205%20'.repeat(150)}`, VALIDATION.textTooLong(LIMITS.shortTextMaxLength)],
    ['/geocode/reverse?lat=100&lng=13', VALIDATION.invalidLatitude],
    ['/geocode/reverse?lat=52.5', VALIDATION.invalidLongitude],
  ])('refuses %s with a German 400', async (path, message) => {
    expect(await get(path)).toEqual({ status: 400, body: { message, code: 'VALIDATION' } });
  });

  it('answers other control characters like spaces, never with an error', async () => {
    const res = await get(`/geocode?q=${encodeURIComponent('Ber\u0007lin\t\n')}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('reverse-geocodes to a town, else to the coordinates', async () => {
    const berlin = await get('/geocode/reverse?lat=52.52&lng=13.405');
    expect(berlin.status).toBe(200);
    expect((berlin.body as { displayName: string }).displayName).toMatch(/Berlin$/);
    expect(await get('/geocode/reverse?lat=55.5&lng=3')).toEqual({ status: 200, body: { displayName: '55.5000, 3.0000' } });
  });
});

describe('GET /geocode with GEOCODER_URL set', () => {
  it('sends a street address to the geocoder, through the Redis gate, and answers its results', async () => {
    const seen: Array<{ url: string; userAgent: string | undefined }> = [];
    const nominatim = createServer((req, res) => {
      seen.push({ url: req.url ?? '', userAgent: req.headers['user-agent'] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([
          { place_id: 4711, lat: '52.4887', lon: '13.3537', display_name: 'Hauptstraße 5, 10827 Berlin, Deutschland', address: { country_code: 'de' } },
        ]),
      );
    });
    const get = await startWithGeocoder(nominatim);

    const res = await get(`/geocode?q=${encodeURIComponent('Hauptstraße 5, Berlin')}`);
    // The stand-in geocoder names no address parts: none are answered.
    expect(res).toEqual({
      status: 200,
      body: [{ displayName: 'Hauptstraße 5, 10827 Berlin, Deutschland', lat: 52.4887, lng: 13.3537, placeId: '4711', address: null }],
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toContain('countrycodes=de');
    expect(seen[0]!.userAgent).toBe('Flohmarkt-Test/1.0 (+test)');

    // A town the gazetteer knows stays offline.
    expect(((await get('/geocode?q=Hamburg')).body as Array<{ displayName: string }>)[0]?.displayName).toBe('Hamburg');
    expect(seen).toHaveLength(1);
  });

  it("keeps the geocoder's usage policy: one request a second, a repeated question answered from the cache", async () => {
    const arrivals: Array<{ at: number; q: string | null }> = [];
    const nominatim = createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q');
      arrivals.push({ at: Date.now(), q });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([{ place_id: arrivals.length, lat: '50.94', lon: '6.95', display_name: `${q}, Köln, Deutschland`, address: { country_code: 'de' } }]),
      );
    });
    const get = await startWithGeocoder(nominatim);

    // Two addresses asked at once: the geocoder sees them a second apart.
    const [first, second] = await Promise.all([
      get(`/geocode?q=${encodeURIComponent('Hauptstraße 5, Köln')}`),
      get(`/geocode?q=${encodeURIComponent('Musterweg 12, Köln')}`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(arrivals).toHaveLength(2);
    expect(Math.abs(arrivals[1]!.at - arrivals[0]!.at)).toBeGreaterThanOrEqual(950);
    // The same question again: from the cache, no third request.
    expect(await get(`/geocode?q=${encodeURIComponent('Hauptstraße 5, Köln')}`)).toEqual(first);
    expect(arrivals).toHaveLength(2);
  });
});
