import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { JsonLogger } from '@flohmarkt/server-kit';
import type { GatewayRedis } from '../http/redis-deadline.js';
import { testRedis } from '../testing/test-redis.js';
import { TileCache } from './tile-cache.js';
import { tileProxy } from './tile-proxy.js';

const TILE = Buffer.from('89504e470d0a1a0a-fake-tile');
let upstream: http.Server;
let upstreamHits: { url: string; agent: string | undefined }[] = [];
let upstreamPort = 0;
let dir: string;
let redis: GatewayRedis;
/** Counters of this run only, so runs never share a window. */
const prefix = `test:tiles:${randomUUID()}:`;

beforeAll(async () => {
  redis = testRedis();
  await redis.connect();
  dir = mkdtempSync(path.join(os.tmpdir(), 'tiles-'));
  upstream = http.createServer((req, res) => {
    upstreamHits.push({ url: req.url ?? '', agent: req.headers['user-agent'] });
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(TILE);
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  upstreamPort = (upstream.address() as { port: number }).port;
});

afterAll(async () => {
  upstream.close();
  rmSync(dir, { recursive: true, force: true });
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(keys);
  await redis.close();
});

async function serve(
  upstreamTemplate: string,
  run: (base: string) => Promise<void>,
  limit = { max: 1000, windowSeconds: 60 },
  counter: GatewayRedis = redis,
): Promise<void> {
  const app = express();
  // As behind one proxy: X-Forwarded-For names the client, so one test can be several addresses.
  app.set('trust proxy', 1);
  app.use(
    tileProxy({
      upstream: upstreamTemplate,
      userAgent: 'Flohmarkt-Test/1',
      cache: new TileCache({ dir, maxAgeMs: 60_000, maxBytes: 1024 * 1024 }),
      timeoutMs: 1000,
      logger: new JsonLogger('test', 'error'),
      rateLimit: { redis: counter, prefix: `${prefix}${randomUUID()}:`, ...limit },
    }),
  );
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

  it('answers a HEAD without a body and keeps the whole tile for the GET after it', async () => {
    await serve(`http://127.0.0.1:${upstreamPort}/{z}/{x}/{y}.png`, async (base) => {
      const head = await fetch(`${base}/tiles/6/33/21.png`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      const get = await fetch(`${base}/tiles/6/33/21.png`);
      expect(Buffer.from(await get.arrayBuffer())).toEqual(TILE);
    });
  });

  it('keeps no empty tile an upstream answered', async () => {
    const empty = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end());
    await new Promise<void>((r) => empty.listen(0, '127.0.0.1', () => r()));
    const port = (empty.address() as { port: number }).port;
    try {
      await serve(`http://127.0.0.1:${port}/{z}/{x}/{y}.png`, async (base) => {
        const res = await fetch(`${base}/tiles/7/66/42.png`);
        expect(res.headers.get('x-tile-fallback')).toBe('1');
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
      });
      await serve(`http://127.0.0.1:${upstreamPort}/{z}/{x}/{y}.png`, async (base) => {
        const res = await fetch(`${base}/tiles/7/66/42.png`);
        expect(Buffer.from(await res.arrayBuffer())).toEqual(TILE);
      });
    } finally {
      empty.close();
    }
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

  it('answers 429 with Retry-After and a German sentence once an address has asked for its tiles of the window', async () => {
    await serve(
      `http://127.0.0.1:${upstreamPort}/{z}/{x}/{y}.png`,
      async (base) => {
        const from = (address: string, tile = '4/3/2') => fetch(`${base}/tiles/${tile}.png`, { headers: { 'x-forwarded-for': address } });
        for (let i = 0; i < 3; i++) expect((await from('203.0.113.7', `4/${i}/2`)).status).toBe(200);
        const refused = await from('203.0.113.7');
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
        expect(await refused.json()).toEqual({ message: API_ERRORS.tooManyRequests });
        // Another address has its own count; tiles already cached are counted all the same.
        expect((await from('198.51.100.20', '4/0/2')).status).toBe(200);
        expect((await from('203.0.113.7', '4/0/2')).status).toBe(429);
      },
      { max: 3, windowSeconds: 60 },
    );
  });

  it('keeps serving tiles, uncounted, while Redis cannot be reached', async () => {
    const gone: GatewayRedis = testRedis();
    await gone.connect();
    await gone.close();
    await serve(
      `http://127.0.0.1:${upstreamPort}/{z}/{x}/{y}.png`,
      async (base) => {
        for (let i = 0; i < 3; i++) expect((await fetch(`${base}/tiles/6/${i}/9.png`)).status).toBe(200);
      },
      { max: 1, windowSeconds: 60 },
      gone,
    );
  });
});
