import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonLogger } from '@flohmarkt/server-kit';
import { TileCache } from './tile-cache.js';
import { tileProxy } from './tile-proxy.js';

const TILE = Buffer.from('89504e470d0a1a0a-fake-tile');
let upstream: http.Server;
let upstreamHits: { url: string; agent: string | undefined }[] = [];
let upstreamPort = 0;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tiles-'));
  upstream = http.createServer((req, res) => {
    upstreamHits.push({ url: req.url ?? '', agent: req.headers['user-agent'] });
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(TILE);
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  upstreamPort = (upstream.address() as { port: number }).port;
});

afterAll(() => {
  upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

async function serve(upstreamTemplate: string, run: (base: string) => Promise<void>): Promise<void> {
  const app = express();
  app.use(tileProxy({ upstream: upstreamTemplate, userAgent: 'Flohmarkt-Test/1', cache: new TileCache(dir, 60_000), timeoutMs: 1000, logger: new JsonLogger('test', 'error') }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    await run(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
  } finally {
    server.close();
  }
}

describe('tile proxy', () => {
  it('fetches a tile once with our User-Agent and serves it from the cache afterwards', async () => {
    upstreamHits = [];
    await serve(`http://127.0.0.1:${upstreamPort}/{z}/{x}/{y}.png`, async (base) => {
      const first = await fetch(`${base}/tiles/5/16/10.png`);
      expect(first.status).toBe(200);
      expect(Buffer.from(await first.arrayBuffer())).toEqual(TILE);
      expect(first.headers.get('cache-control')).toContain('max-age=86400');
      const second = await fetch(`${base}/tiles/5/16/10.png`);
      expect(Buffer.from(await second.arrayBuffer())).toEqual(TILE);
    });
    expect(upstreamHits).toEqual([{ url: '/5/16/10.png', agent: 'Flohmarkt-Test/1' }]);
  });

  it('answers a plain PNG at once when the upstream cannot be reached', async () => {
    await serve('http://127.0.0.1:1/{z}/{x}/{y}.png', async (base) => {
      const res = await fetch(`${base}/tiles/3/1/1.png`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-tile-fallback')).toBe('1');
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
      // The next tile does not try the unreachable upstream again.
      const next = Date.now();
      const again = await fetch(`${base}/tiles/3/2/1.png`);
      await again.arrayBuffer();
      expect(again.headers.get('x-tile-fallback')).toBe('1');
      expect(Date.now() - next).toBeLessThan(500);
    });
  });

  it('refuses coordinates outside the tile pyramid', async () => {
    await serve(`http://127.0.0.1:${upstreamPort}/{z}/{x}/{y}.png`, async (base) => {
      expect((await fetch(`${base}/tiles/2/4/0.png`)).status).toBe(404);
      expect((await fetch(`${base}/tiles/25/0/0.png`)).status).toBe(404);
    });
  });
});
