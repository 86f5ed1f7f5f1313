import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from './web-app.js';

let dir: string;
let base: string;
let server: ReturnType<ReturnType<typeof express>['listen']>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><meta name="flohmarkt:feedback-url" content="" /><meta name="flohmarkt:operator-name" content="" /></head><body></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  const app = express();
  app.use(webApp({ distDir: dir, meta: { 'feedback-url': 'https://feedback.example/"x"', 'operator-name': 'Flohmarkt e.V.' } }));
  app.use((_req, res) => res.status(404).json({ message: 'weiter' }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('webApp', () => {
  it('answers every app path with index.html, the settings filled into its meta tags, never cached', async () => {
    const res = await fetch(`${base}/events/123`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<meta name="flohmarkt:feedback-url" content="https://feedback.example/&quot;x&quot;" />');
    expect(html).toContain('<meta name="flohmarkt:operator-name" content="Flohmarkt e.V." />');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await fetch(`${base}/assets/app-1234.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends scripts and the page compressed to browsers that take it', async () => {
    for (const [encoding, asked] of [['br', 'gzip, deflate, br'], ['gzip', 'gzip']]) {
      const script = await fetch(`${base}/assets/app-1234.js`, { headers: { 'accept-encoding': asked } });
      expect(script.headers.get('content-encoding')).toBe(encoding);
      expect(script.headers.get('vary')).toBe('Accept-Encoding');
      expect(await script.text()).toBe('console.log(1)');
      expect((await fetch(`${base}/`, { headers: { 'accept-encoding': asked } })).headers.get('content-encoding')).toBe(encoding);
    }
  });

  it('leaves /api, /oidc and missing files to what comes after it', async () => {
    for (const p of ['/api/events', '/oidc/auth', '/assets/missing.js']) expect((await fetch(`${base}${p}`)).status).toBe(404);
  });
});
