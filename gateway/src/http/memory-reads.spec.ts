import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { AppMetrics, JsonLogger, type LogLevel } from '@flohmarkt/server-kit';
import { leanApiReads, type GatewayPipeline } from './lean-pipeline.js';
import { memoryReads } from './memory-reads.js';
import { PublicReadCache } from './public-read-cache.js';
import { securityHeaderLists } from './security-headers.js';

const EVENT = '/api/events/0b6e1c1e-8a52-4f0e-9d0a-3c4b5d6e7f80';
const BODY = JSON.stringify({ id: '0b6e1c1e-8a52-4f0e-9d0a-3c4b5d6e7f80', title: 'Hofflohmarkt Südstadt' });
const servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

class KeptLines extends JsonLogger {
  readonly lines: { msg: string; fields: Record<string, unknown> }[] = [];
  override write(_level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ msg, fields });
  }
}

/** A gateway whose steps only say that they ran, with one event's answer kept in its memory. */
async function gateway({ ready = true, kept = true } = {}) {
  const app = express();
  app.disable('x-powered-by');
  const cache = new PublicReadCache({ get: async () => '7', incr: async () => 8 }, { key: 'test:generation' });
  const generation = await cache.generation();
  if (kept && generation)
    cache.store(
      EVENT.slice(4),
      generation,
      { 'content-type': 'application/json; charset=utf-8', etag: 'W/"e1"', 'content-length': String(Buffer.byteLength(BODY)) },
      Buffer.from(BODY),
    );
  const steps = (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('x-steps', 'ran');
    next();
  };
  const answer = (_req: Request, res: Response) => res.status(200).json({ fromService: true });
  const pipeline: GatewayPipeline = { front: [steps], api: [answer] };
  const logger = new KeptLines('gateway', 'info');
  const metrics = new AppMetrics('gateway-test');
  const server = http.createServer(app);
  servers.push(server);
  const memory = memoryReads({
    cache,
    ready: () => ready,
    sessionCookies: ['flohmarkt.sid', 'flohmarkt_session_hint'],
    securityHeaders: securityHeaderLists('https://flohmarkt.example.org').page,
    metrics,
    logger,
  });
  leanApiReads(server, app, pipeline, logger, memory);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logger, metrics };
}

describe('memoryReads', () => {
  it('answers an anonymous read of a kept answer from memory, with every header the steps give it', async () => {
    const { base, logger, metrics } = await gateway();
    const res = await fetch(`${base}${EVENT}`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(BODY);
    expect(res.headers.get('x-steps')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('etag')).toBe('W/"e1"');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(logger.lines).toContainEqual({
      msg: 'request',
      fields: expect.objectContaining({ method: 'GET', path: EVENT, status: 200, requestId: res.headers.get('x-request-id') }),
    });
    const counted = (await metrics.httpRequests.get()).values.find((v) => v.labels.route === '/api/events/:id');
    expect(counted).toMatchObject({ value: 1, labels: { method: 'GET', status: '200' } });
  });

  it('answers 304 to a browser whose copy is current, and a HEAD without a body', async () => {
    const { base } = await gateway();
    // A browser revalidating its cached copy (fetch() would add `Cache-Control: no-cache` to a conditional request).
    const current = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${base}${EVENT}`, { headers: { 'if-none-match': 'W/"e1"' } }, resolve).on('error', reject),
    );
    current.resume();
    expect({ status: current.statusCode, steps: current.headers['x-steps'], etag: current.headers.etag }).toEqual({
      status: 304,
      steps: undefined,
      etag: 'W/"e1"',
    });
    const head = await fetch(`${base}${EVENT}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(BODY)));
    expect(await head.text()).toBe('');
  });

  it('leaves to the steps a session or its hint, no-cache, services not ready and an answer not kept', async () => {
    const cases: [string, Parameters<typeof gateway>[0], Record<string, string>][] = [
      ['session cookie', {}, { cookie: 'theme=dark; flohmarkt.sid=s%3Aabc' }],
      ['hint cookie', {}, { cookie: 'flohmarkt_session_hint=1' }],
      ['no-cache', {}, { 'cache-control': 'no-cache' }],
      ['not ready', { ready: false }, {}],
      ['not kept', { kept: false }, {}],
    ];
    for (const [name, options, headers] of cases) {
      const { base } = await gateway(options);
      const res = await fetch(`${base}${EVENT}`, { headers });
      expect(res.headers.get('x-steps'), name).toBe('ran');
      expect(await res.json(), name).toEqual({ fromService: true });
    }
  });

  it('answers an unrelated cookie from memory: only the session and its hint make a read the session’s', async () => {
    const { base } = await gateway();
    const res = await fetch(`${base}${EVENT}`, { headers: { cookie: 'theme=dark' } });
    expect(res.headers.get('x-steps')).toBeNull();
    expect(await res.text()).toBe(BODY);
  });
});
