import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from '../web/web-app.js';
import { securityHeaders } from './security-headers.js';

let dir: string;
let base: string;
let server: ReturnType<ReturnType<typeof express>['listen']>;

const APP_PAGE = '<html><body><div id="root"></div><!-- app --></body></html>';
const EMBED_PAGE = '<html><body><main id="embed"></main><!-- embed --></body></html>';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-embed-'));
  writeFileSync(path.join(dir, 'index.html'), APP_PAGE);
  writeFileSync(path.join(dir, 'embed.html'), EMBED_PAGE);
  const app = express();
  app.use(securityHeaders('https://flohmarkt.example.org'));
  app.use(webApp({ distDir: dir, meta: {} }));
  app.use((_req, res) => res.status(404).json({ message: 'Nicht gefunden.' }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

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
