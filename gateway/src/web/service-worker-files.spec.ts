import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../http/security-headers.js';
import { serveWebDist, type ServedWebDist } from '../testing/served-web-dist.js';
import { onTheWire } from '../testing/wire.js';

/*
 * The offline event page (issue 19): the service worker and the web app manifest as the browser
 * must get them from the gateway. A worker cached for an hour would keep phones on an old app.
 */

let served: ServedWebDist;
let base: string;

const WORKER = `self.addEventListener('fetch', () => undefined); // ${'x'.repeat(400)}\n`;
const MANIFEST = JSON.stringify({
  name: 'Flohmarkt – Flohmärkte in deiner Nähe',
  short_name: 'Flohmarkt',
  start_url: '/',
  display: 'standalone',
  icons: [],
}).padEnd(400, ' ');

const get = (pathname: string, headers: Record<string, string> = {}) => onTheWire(`${base}${pathname}`, headers);

beforeAll(async () => {
  served = await serveWebDist(
    {
      'index.html': '<html><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>',
      'sw.js': WORKER,
      'manifest.webmanifest': MANIFEST,
      // The build precompresses the manifest (web/build/precompress.ts): that copy is served too.
      'manifest.webmanifest.br': brotliCompressSync(Buffer.from(MANIFEST)),
      'assets/index-1234.js': 'export {};',
      'icons/icon-192.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    },
    { meta: {} },
    { before: [securityHeaders('https://flohmarkt.example.org')] },
  );
  base = served.base;
});

afterAll(() => served.close());

describe('service worker and manifest', () => {
  it('serves /sw.js as JavaScript, revalidated on every use, scoped to the whole app without extra headers', async () => {
    const res = await get('/sw.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // At the root its default scope is '/': no widening header is needed or sent.
    expect(res.headers['service-worker-allowed']).toBeUndefined();
  });

  it('serves the web app manifest with its type, revalidated, compressed or not', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await get('/manifest.webmanifest', { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the long cache for hashed assets and an hour for icons', async () => {
    expect((await get('/assets/index-1234.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/icons/icon-192.png')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('lets the page run its worker and read its manifest from our origin only (Content-Security-Policy)', async () => {
    const policy = (await get('/')).headers['content-security-policy'] ?? '';
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("script-src 'self'");
  });
});
