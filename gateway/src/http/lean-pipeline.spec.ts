import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { JsonLogger } from '@flohmarkt/server-kit';
import { leanApiReads, useInExpress, type GatewayPipeline } from './lean-pipeline.js';

const EVENT = '/api/events/0b6e1c1e-8a52-4f0e-9d0a-3c4b5d6e7f80';
const servers: http.Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * A gateway's pipeline of steps that say what they saw; `lean` puts leanApiReads in front. Middleware
 * registered with Express alone (x-router, routerSeen) tells which path a request took.
 */
async function gateway(lean: boolean, failing?: 'next' | 'rejects') {
  const app = express();
  app.disable('x-powered-by');
  const front = (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('x-front', `${req.originalUrl} ${req.baseUrl}|${req.url}`);
    next();
  };
  const answer = async (req: Request, res: Response, next: NextFunction) => {
    if (failing === 'next') return next(new Error('broken'));
    if (failing === 'rejects') throw new Error('broken');
    res.status(200).json({ baseUrl: req.baseUrl, url: req.url, path: req.path, query: req.query, accept: req.header('accept'), ip: req.ip });
  };
  const pipeline: GatewayPipeline = { front: [front], api: [answer] };
  app.use((_req, res, next) => {
    res.setHeader('x-router', 'yes');
    next();
  });
  useInExpress(app, pipeline);
  app.use((_req, res) => res.status(404).json({ routerSeen: true }));
  const server = http.createServer(app);
  servers.push(server);
  if (lean) leanApiReads(server, app, pipeline, new JsonLogger('gateway', 'error'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function call(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, { headers: { accept: 'application/json' }, ...init });
  return {
    status: res.status,
    router: res.headers.get('x-router'),
    front: res.headers.get('x-front'),
    type: res.headers.get('content-type'),
    body: await res.text(),
  };
}

describe('leanApiReads', () => {
  it('runs an API read through the same steps, which see what they see behind Express’s router', async () => {
    const viaRouter = await call(await gateway(false), `${EVENT}?a=1&b=x`);
    const viaLean = await call(await gateway(true), `${EVENT}?a=1&b=x`);
    expect(viaRouter.router).toBe('yes');
    expect(viaLean.router).toBeNull();
    expect({ ...viaLean, router: 'yes' }).toEqual(viaRouter);
    expect(viaLean.status).toBe(200);
    expect(viaLean.front).toBe(`${EVENT}?a=1&b=x |${EVENT}?a=1&b=x`);
    expect(JSON.parse(viaLean.body)).toMatchObject({ baseUrl: '/api', url: `${EVENT.slice(4)}?a=1&b=x`, query: { a: '1', b: 'x' }, ip: '127.0.0.1' });
  });

  it('leaves writes, unknown API paths and everything else to Express', async () => {
    const base = await gateway(true);
    for (const [path, init] of [
      [EVENT, { method: 'POST' }],
      ['/api/no-such-call', {}],
      ['/somewhere', {}],
    ] as const) {
      const viaRouter = await call(base, path, init);
      expect(viaRouter.router, path).toBe('yes');
      expect(viaRouter.status, path).toBe(path.startsWith('/api') ? 200 : 404);
    }
    // The router's own last layer is reached only where no step answered.
    expect(JSON.parse((await call(base, '/somewhere')).body)).toEqual({ routerSeen: true });
  });

  it('answers a step’s error as a 500 with the internal message, passed on or thrown', async () => {
    for (const failing of ['next', 'rejects'] as const) {
      const answer = await call(await gateway(true, failing), EVENT);
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body).message).toBe(API_ERRORS.internal);
    }
  });
});
