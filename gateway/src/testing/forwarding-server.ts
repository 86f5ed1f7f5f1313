import { randomBytes } from 'node:crypto';
import http from 'node:http';
import express from 'express';
import { JsonLogger } from '@flohmarkt/server-kit';
import { ZGatewayEnv, type TGatewayEnv } from '../config.js';
import { canonicalTargets } from '../http/canonical-target.js';
import { PublicReadCache } from '../http/public-read-cache.js';
import type { GatewayRedis } from '../http/redis-deadline.js';
import { requestContext } from '../http/request-context.js';
import { forwardApi } from '../routing/forward.js';
import { createServiceClients } from '../services/services.js';

/** The gateway's settings for a spec whose services are all one stub at `services`: fresh secrets, errors-only logs; `env` adds or overrides. */
export function gatewayConfig(services: string, env: Record<string, string> = {}): TGatewayEnv {
  return ZGatewayEnv.parse({
    SESSION_SECRET: randomBytes(16).toString('hex'),
    GATEWAY_TOKEN: randomBytes(16).toString('hex'),
    AUTH_SERVICE_URL: services,
    EVENTS_SERVICE_URL: services,
    STANDS_SERVICE_URL: services,
    MEDIA_SERVICE_URL: services,
    LOG_LEVEL: 'error',
    ...env,
  });
}

/**
 * A gateway replica for specs with their own stub services: the real forwarding of /api as main.ts
 * mounts it, over `redis`; the session is the test's `x-test-user` header (a user id). Not listening yet.
 */
export function forwardingServer(config: TGatewayEnv, redis: GatewayRedis): http.Server {
  const logger = new JsonLogger('gateway', 'error');
  const app = express();
  app.use(requestContext(logger));
  app.use(canonicalTargets());
  app.use((req, _res, next) => {
    const userId = req.header('x-test-user');
    if (userId) req.session = { userId, destroy: (done: () => void) => done() } as unknown as typeof req.session;
    next();
  });
  const publicReads = new PublicReadCache(redis, { key: `${config.REDIS_PREFIX}public-read-generation` });
  app.use('/api', forwardApi({ config, services: createServiceClients(config), redis, logger, publicReads }));
  return http.createServer(app);
}
