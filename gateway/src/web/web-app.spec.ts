import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebDist, type ServedWebDist } from '../testing/served-web-dist.js';
import { onTheWire } from '../testing/wire.js';

let served: ServedWebDist;
let base: string;

const SCRIPT = Buffer.from(`export const list = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Flohmarkt Nummer ${i}`))};\n`);
// What the build wrote beside the script: the gateway must send these very bytes (a quality it
// would never choose itself, so a copy made per request could not match them).
const SCRIPT_BR = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } });
const SCRIPT_GZ = gzipSync(SCRIPT, { level: 2 });
const PAGE = '<html><head><meta name="flohmarkt:feedback-url" content="" /><meta name="flohmarkt:operator-name" content="" /></head><body></body></html>';

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') => onTheWire(`${base}${pathname}`, headers, method);

beforeAll(async () => {
  const hints = {
    routes: [
      { path: '/events/:id', links: ['</assets/app-1234.js>; rel=modulepreload', '</api/events/:id>; rel=preload; as=fetch; crossorigin=use-credentials'] },
    ],
    pages: ['/', '/events/:id', '/events/:id/edit', '/impressum'],
  };
  served = await serveWebDist(
    {
      'index.html': PAGE,
      'route-hints.json': JSON.stringify(hints),
      'assets/app-1234.js': SCRIPT,
      'assets/app-1234.js.br': SCRIPT_BR,
      'assets/app-1234.js.gz': SCRIPT_GZ,
      'assets/app-1234.js.map': '{"version":3,"sources":["geheim.ts"]}',
      // Too small for the build to compress: no copies beside it.
      'assets/tiny-1234.js': 'console.log(1)',
    },
    { meta: { 'feedback-url': 'https://feedback.example/"x"', 'operator-name': 'Flohmarkt e.V.' } },
    { notFound: 'weiter' },
  );
  base = served.base;
});

afterAll(() => served.close());

describe('webApp', () => {
  it('answers every app path with index.html, the settings filled into its meta tags, never cached', async () => {
    const res = await fetch(`${base}/events/123`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<meta name="flohmarkt:feedback-url" content="https://feedback.example/&quot;x&quot;" />');
    expect(html).toContain('<meta name="flohmarkt:operator-name" content="Flohmarkt e.V." />');
  });

  it('answers a path that is none of the app’s pages with the same page (its router shows the 404 page) and status 404', async () => {
    for (const pathname of ['/gibt-es-nicht', '/events/123/unbekannt', '/events/', '/impressum/mehr']) {
      const res = await fetch(`${base}${pathname}`);
      expect([pathname, res.status]).toEqual([pathname, 404]);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<meta name="flohmarkt:operator-name" content="Flohmarkt e.V." />');
    }
    for (const pathname of ['/impressum', '/impressum/', '/events/123/edit', '/events/irgendwas'])
      expect([pathname, (await fetch(`${base}${pathname}`)).status]).toEqual([pathname, 200]);
    expect((await get('/gibt-es-nicht', {}, 'HEAD')).status).toBe(404);
  });

  it("tells the browser what an event page loads first (the build's route hints) in a Link header, and nothing on other pages", async () => {
    const res = await get('/events/123', { 'accept-encoding': 'br' });
    expect(res.headers.link).toBe('</assets/app-1234.js>; rel=modulepreload, </api/events/123>; rel=preload; as=fetch; crossorigin=use-credentials');
    expect((await get('/', { 'accept-encoding': 'br' })).headers.link).toBeUndefined();
    expect((await get('/events/1,2')).headers.link).toBeUndefined();
  });

  it('serves hashed assets with a year-long immutable cache, compressed or not', async () => {
    for (const headers of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'br' }]) {
      const res = await get('/assets/app-1234.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends the copy the build precompressed, byte for byte, with its encoding, type, length and Vary', async () => {
    for (const [asked, encoding, copy] of [
      ['gzip, deflate, br, zstd', 'br', SCRIPT_BR],
      ['gzip, deflate', 'gzip', SCRIPT_GZ],
      ['br;q=0, gzip', 'gzip', SCRIPT_GZ],
    ] as const) {
      const res = await get('/assets/app-1234.js', { 'accept-encoding': asked });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-length']).toBe(String(copy.length));
      expect(res.body.equals(copy)).toBe(true);
      expect((encoding === 'br' ? brotliDecompressSync(res.body) : gunzipSync(res.body)).equals(SCRIPT)).toBe(true);
    }
  });

  it('sends the original, still varying by Accept-Encoding, to a browser that takes neither', async () => {
    for (const asked of ['identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/assets/app-1234.js', { 'accept-encoding': asked });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-length']).toBe(String(SCRIPT.length));
      expect(res.body.equals(SCRIPT)).toBe(true);
    }
  });

  it('sends a file the build left uncompressed as it is, never compressing it itself', async () => {
    const res = await get('/assets/tiny-1234.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('console.log(1)');
  });

  it('answers HEAD with the length of the copy and no body, and a matching ETag with 304', async () => {
    const head = await get('/assets/app-1234.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(SCRIPT_BR.length));
    expect(head.body.length).toBe(0);
    const etag = head.headers.etag!;
    expect(etag).toMatch(/^".+-br"$/);
    const again = await get('/assets/app-1234.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The gzip copy is other bytes: the brotli copy's validator does not match it.
    expect((await get('/assets/app-1234.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
  });

  it('never serves source maps or the compressed copies under their own names', async () => {
    for (const p of ['/assets/app-1234.js.map', '/assets/app-1234.js.br', '/assets/app-1234.js.gz']) {
      const res = await get(p, { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toContain('geheim');
    }
  });

  it('sends the page compressed to browsers that take it, with its length', async () => {
    for (const [asked, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await get('/', { 'accept-encoding': asked });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-length']).toBe(String(res.body.length));
      expect(decode(res.body).toString()).toContain('content="Flohmarkt e.V."');
    }
    const plain = await get('/', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('content="Flohmarkt e.V."');
  });

  it('leaves /api, /oidc, the liveness answer and missing files to what comes after it', async () => {
    for (const p of ['/api/events', '/oidc/auth', '/healthz', '/assets/missing.js']) {
      const res = await fetch(`${base}${p}`);
      expect([p, res.status, await res.json()]).toEqual([p, 404, { message: 'weiter' }]);
    }
  });
});
