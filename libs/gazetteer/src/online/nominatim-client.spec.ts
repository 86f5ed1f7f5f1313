import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GeocoderError } from './geocoder-error.js';
import { NominatimClient } from './nominatim-client.js';

interface Seen {
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  at: number;
}

type Reply = (req: IncomingMessage) => { status?: number; body: unknown; delayMs?: number };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A stand-in geocoder on 127.0.0.1 that records every request it gets. */
async function fakeGeocoder(reply: Reply): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'], at: Date.now() });
    const { status = 200, body, delayMs = 0 } = reply(req);
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    }, delayMs);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const UA = 'Flohmarkt-Test/1.0 (+https://flohmarkt.example/kontakt)';
const BERLIN = { place_id: 1234, lat: '52.5170365', lon: '13.3888599', display_name: 'Berlin, Deutschland', address: { country_code: 'de' } };
const VIENNA = { place_id: 99, lat: '48.2', lon: '16.37', display_name: 'Wien, Österreich', address: { country_code: 'at' } };

async function failure(promise: Promise<unknown>): Promise<GeocoderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof GeocoderError)) throw new Error(`expected a GeocoderError, got ${String(error)}`);
  return error;
}

describe('NominatimClient', () => {
  it('asks for German results with address details, as JSON, with its User-Agent', async () => {
    const geocoder = await fakeGeocoder(() => ({ body: [BERLIN] }));
    const client = new NominatimClient({ baseUrl: geocoder.url, userAgent: UA });
    const hits = await client.search('  Unter den Linden 1,  Berlin ', 3);
    expect(hits).toEqual([
      {
        displayName: 'Berlin, Deutschland',
        lat: 52.5170365,
        lng: 13.3888599,
        placeId: '1234',
        address: null,
      },
    ]);
    expect(geocoder.seen).toHaveLength(1);
    const [request] = geocoder.seen;
    expect(request!.path).toBe('/search');
    expect(Object.fromEntries(request!.query)).toMatchObject({
      q: 'Unter den Linden 1, Berlin',
      format: 'json',
      addressdetails: '1',
      countrycodes: 'de',
      limit: '3',
    });
    expect(request!.userAgent).toBe(UA);
  });

  it('keeps the path of the base URL and drops results outside Germany', async () => {
    const geocoder = await fakeGeocoder(() => ({ body: [VIENNA, BERLIN, { display_name: 'kaputt' }] }));
    const client = new NominatimClient({ baseUrl: `${geocoder.url}/nominatim`, userAgent: UA });
    expect((await client.search('Berlin', 5)).map((h) => h.displayName)).toEqual(['Berlin, Deutschland']);
    expect(geocoder.seen[0]!.path).toBe('/nominatim/search');
  });

  it('answers a repeated question from its cache without asking the geocoder again', async () => {
    const geocoder = await fakeGeocoder(() => ({ body: [BERLIN] }));
    const client = new NominatimClient({ baseUrl: geocoder.url, userAgent: UA });
    const firstAnswer = await client.search('Berlin', 5);
    const secondAnswer = await client.search('berlin ', 5);
    expect(secondAnswer).toEqual(firstAnswer);
    expect(geocoder.seen).toHaveLength(1);
  });

  it('sends at most one request per second, also from two clients of the same geocoder', async () => {
    const geocoder = await fakeGeocoder(() => ({ body: [] }));
    const one = new NominatimClient({ baseUrl: geocoder.url, userAgent: UA });
    const other = new NominatimClient({ baseUrl: geocoder.url, userAgent: UA });
    await Promise.all([one.search('Hamburg', 5), other.search('Bremen', 5)]);
    expect(geocoder.seen).toHaveLength(2);
    expect(Math.abs(geocoder.seen[1]!.at - geocoder.seen[0]!.at)).toBeGreaterThanOrEqual(1000);
  });

  it('refuses at once when the queue would outlast its time limit', async () => {
    const geocoder = await fakeGeocoder(() => ({ body: [] }));
    const client = new NominatimClient({ baseUrl: geocoder.url, userAgent: UA, timeoutMs: 1600 });
    const results = await Promise.allSettled([client.search('a1', 5), client.search('a2', 5), client.search('a3', 5)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(((results[2] as PromiseRejectedResult).reason as GeocoderError).reason).toBe('busy');
    expect(geocoder.seen).toHaveLength(2);
  });

  it('waits for the acquire hook before each request', async () => {
    const geocoder = await fakeGeocoder(() => ({ body: [] }));
    const deadlines: number[] = [];
    const client = new NominatimClient({
      baseUrl: geocoder.url,
      userAgent: UA,
      acquire: async (deadline) => {
        deadlines.push(deadline);
        expect(geocoder.seen).toHaveLength(0);
      },
    });
    await client.search('Kiel', 5);
    expect(deadlines).toHaveLength(1);
    expect(deadlines[0]!).toBeGreaterThan(Date.now());
  });

  it('gives up after its time limit', async () => {
    const geocoder = await fakeGeocoder(() => ({ body: [BERLIN], delayMs: 1000 }));
    const client = new NominatimClient({ baseUrl: geocoder.url, userAgent: UA, timeoutMs: 200 });
    const started = Date.now();
    expect((await failure(client.search('Berlin', 5))).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('reports an error answer, an unreachable geocoder and an unexpected body', async () => {
    const down = await fakeGeocoder(() => ({ status: 503, body: { error: 'busy' } }));
    expect((await failure(new NominatimClient({ baseUrl: down.url, userAgent: UA }).search('Berlin', 5))).reason).toBe('http');
    const odd = await fakeGeocoder(() => ({ body: { not: 'a list' } }));
    expect((await failure(new NominatimClient({ baseUrl: odd.url, userAgent: UA }).search('Berlin', 5))).reason).toBe('invalid');
    // A port nobody listens on: the closed server's.
    const closed = await fakeGeocoder(() => ({ body: [] }));
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect((await failure(new NominatimClient({ baseUrl: closed.url, userAgent: UA }).search('Berlin', 5))).reason).toBe('network');
  });

  it('reverse-geocodes a point, cached, and answers null where the geocoder knows nothing', async () => {
    const geocoder = await fakeGeocoder((req) => ({
      body: req.url?.includes('lat=54.000000')
        ? { error: 'Unable to geocode' }
        : { place_id: 7, display_name: 'Unter den Linden 1, 10117 Berlin, Deutschland' },
    }));
    const client = new NominatimClient({ baseUrl: geocoder.url, userAgent: UA });
    expect(await client.reverse(52.5170365, 13.3888599)).toBe('Unter den Linden 1, 10117 Berlin, Deutschland');
    expect(await client.reverse(52.517036, 13.38886)).toBe('Unter den Linden 1, 10117 Berlin, Deutschland');
    expect(geocoder.seen).toHaveLength(1);
    const [request] = geocoder.seen;
    expect(request!.path).toBe('/reverse');
    expect(Object.fromEntries(request!.query)).toMatchObject({ format: 'json', lat: '52.517037', lon: '13.388860' });
    expect(request!.userAgent).toBe(UA);
    expect(await client.reverse(54, 3)).toBeNull();
  });

  it('names the street of a point from the address details, in the same request as the address line', async () => {
    const geocoder = await fakeGeocoder((req) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const at = url.searchParams.get('lat');
      if (at === '52.500000')
        return {
          body: {
            display_name: '3, Bergmannstraße, Kreuzberg, Berlin, 10961, Deutschland',
            address: { house_number: '3', road: 'Bergmannstraße', suburb: 'Kreuzberg', city: 'Berlin', postcode: '10961' },
          },
        };
      if (at === '52.600000') return { body: { display_name: 'Marktplatz, Spandau, Berlin, Deutschland', address: { square: 'Marktplatz', city: 'Berlin' } } };
      return { body: { display_name: 'Tiergarten, Berlin, Deutschland', address: { park: 'Tiergarten', city: 'Berlin' } } };
    });
    const client = new NominatimClient({ baseUrl: geocoder.url, userAgent: UA });
    expect(await client.reverseAddress(52.5, 13.4)).toEqual({
      displayName: '3, Bergmannstraße, Kreuzberg, Berlin, 10961, Deutschland',
      street: 'Bergmannstraße',
      houseNumber: '3',
      postcode: '10961',
      town: 'Berlin',
    });
    expect(await client.reverse(52.5, 13.4)).toBe('3, Bergmannstraße, Kreuzberg, Berlin, 10961, Deutschland');
    expect(geocoder.seen).toHaveLength(1);
    expect(geocoder.seen[0]!.query.get('addressdetails')).toBe('1');
    expect((await client.reverseAddress(52.6, 13.2))?.street).toBe('Marktplatz');
    expect(await client.reverseAddress(52.7, 13.3)).toEqual({
      displayName: 'Tiergarten, Berlin, Deutschland',
      street: null,
      houseNumber: null,
      postcode: null,
      town: 'Berlin',
    });
  });
});
