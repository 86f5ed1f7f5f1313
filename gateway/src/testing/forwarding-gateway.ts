import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { JsonLogger } from '@flohmarkt/server-kit';
import { type TGatewayEnv } from '../config.js';
import { canonicalTargets } from '../http/canonical-target.js';
import { PublicReadCache } from '../http/public-read-cache.js';
import type { GatewayRedis } from '../http/redis-deadline.js';
import { gatewayConfig } from './forwarding-server.js';
import { testRedis } from './test-redis.js';
import { createServiceClients, type ServiceClients } from '../services/services.js';

/** One call a fake service received. */
export interface ReceivedCall {
  method: string;
  path: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** How the fake services answer a call: status, headers and a JSON body; `cut`: the service stops half-way through the body. */
export type FakeAnswer = { status: number; headers?: Record<string, string>; body: unknown; cut?: boolean };

/** The user the fake auth service knows. */
export const USER_ID = '7d0f3c52-1b2a-4c3d-9e4f-5a6b7c8d9e0f';
/** The headers of a signed-in request: the cookie `test-user=<id>`, read by the stand-in for express-session below. */
export const SIGNED_IN = { cookie: `test-user=${USER_ID}` };

export interface ForwardingGateway {
  /** http://127.0.0.1:<port> of the gateway's app. */
  base: string;
  config: TGatewayEnv;
  redis: GatewayRedis;
  services: ServiceClients;
  /** Every call the fake services received, in order. */
  calls: ReceivedCall[];
  /** Whether the session of a user id was destroyed. */
  destroyedSessions: Set<string>;
  close(): Promise<void>;
}

/**
 * An express app as the gateway's main.ts builds it (canonical targets, a session, then `mount`),
 * in front of one fake HTTP server that plays every service (`answer` decides), with real Redis
 * under a key prefix of its own. The session is a stand-in: the cookie `test-user=<id>` makes the
 * request carry a session of that user, whose `destroy` is recorded; the fake auth service knows
 * every user id as a participant.
 */
export async function startForwardingGateway(
  mount: (app: Express, deps: { config: TGatewayEnv; services: ServiceClients; redis: GatewayRedis; logger: JsonLogger; publicReads: PublicReadCache }) => void,
  answer: (call: ReceivedCall) => FakeAnswer,
): Promise<ForwardingGateway> {
  const calls: ReceivedCall[] = [];
  const fake = await listen(
    http.createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const call = { method: req.method ?? 'GET', path: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers };
        calls.push(call);
        const user = /^\/internal\/users\/([^/?]+)$/.exec(call.path);
        const { status, headers, body, cut } = user
          ? {
              status: 200,
              headers: {},
              body: { id: user[1], email: 'x@example.org', firstName: 'X', lastName: 'Y', profileImageUrl: null, role: 'participant' },
            }
          : answer(call);
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
        if (cut) res.write(text.slice(0, text.length / 2), () => res.destroy());
        else res.end(text);
      });
    }),
  );
  const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  const prefix = `flohmarkt-test-${randomBytes(4).toString('hex')}:`;
  const config = gatewayConfig(fakeUrl, { NODE_ENV: 'test', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix });
  const redis: GatewayRedis = testRedis(config.REDIS_URL);
  await redis.connect();
  const services = createServiceClients(config);
  const logger = new JsonLogger('gateway-test', 'error');
  const publicReads = new PublicReadCache(redis, { key: `${prefix}public-read-generation` });

  const destroyedSessions = new Set<string>();
  const app = express();
  app.use((req, _res, next) => {
    req.requestId = 'test';
    next();
  });
  app.use(canonicalTargets());
  app.use((req, _res, next) => {
    const userId = /(?:^|;\s*)test-user=([^;]+)/.exec(req.header('cookie') ?? '')?.[1];
    if (userId) {
      req.session = {
        userId,
        destroy: (done: (err?: unknown) => void) => {
          destroyedSessions.add(userId);
          done();
        },
      } as unknown as typeof req.session;
    }
    next();
  });
  mount(app, { config, services, redis, logger, publicReads });
  const gateway = await listen(http.createServer(app));
  return {
    base: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
    config,
    redis,
    services,
    calls,
    destroyedSessions,
    async close() {
      gateway.closeAllConnections();
      fake.closeAllConnections();
      await Promise.all([new Promise((r) => gateway.close(r)), new Promise((r) => fake.close(r))]);
      for (const key of await redis.keys(`${prefix}*`)) await redis.del(key);
      await redis.close();
    },
  };
}

function listen(server: Server): Promise<Server> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
