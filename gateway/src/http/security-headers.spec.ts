import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebDist, type ServedWebDist } from '../testing/served-web-dist.js';
import { securityHeaders } from './security-headers.js';

let served: ServedWebDist;
let base: string;

const APP_PAGE = '<html><body><div id="root"></div><!-- app --></body></html>';
const EMBED_PAGE = '<html><body><main id="embed"></main><!-- embed --></body></html>';

beforeAll(async () => {
  const around = { before: [securityHeaders('https://flohmarkt.example.org')], notFound: 'Nicht gefunden.' };
  served = await serveWebDist({ 'index.html': APP_PAGE, 'embed.html': EMBED_PAGE }, { meta: {} }, around);
  base = served.base;
});

afterAll(() => served.close());

const frameAncestors = (res: Response) => /frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('framing', () => {
  it.each(['/embed/events/00000001-0000-4000-8000-000000000001', '/embed/map', '/embed/events/abc/'])(
    'lets any site frame the embed page %s, answered with embed.html',
    async (pathname) => {
      const res = await fetch(`${base}${pathname}?lat=52.5&lng=13.4&radiusKm=10`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(EMBED_PAGE);
      expect(frameAncestors(res)).toBe('*');
      expect(res.headers.get('x-frame-options')).toBeNull();
      // The rest of the policy stays: scripts from our origin only, no plugins.
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it.each([
    '/',
    '/events/00000001-0000-4000-8000-000000000001',
    '/embed',
    '/embed/events',
    '/embed/events/x/stands',
    '/embed/mapx',
    '/embed.html',
    '/api/events',
    '/impressum',
  ])('forbids framing %s', async (pathname) => {
    const res = await fetch(`${base}${pathname}`);
    expect(frameAncestors(res)).toBe("'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers the app for every other page, also under /embed/', async () => {
    for (const pathname of ['/events/1', '/embed/events/x/stands']) expect(await (await fetch(`${base}${pathname}`)).text()).toBe(APP_PAGE);
  });

  it('keeps framing forbidden for a write to an embed path', async () => {
    const res = await fetch(`${base}/embed/map`, { method: 'POST' });
    expect(frameAncestors(res)).toBe("'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
