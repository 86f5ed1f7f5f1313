import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigError, type TServiceEnv } from './config.js';
import { ErrorBodyFilter } from './exception-filter.js';
import { internalAuth } from './internal-auth.js';
import { applyServiceKeepAlive } from './keep-alive.js';
import { JsonLogger } from './logger.js';
import { appMetrics } from './metrics.js';
import type { Request, RequestHandler, Response } from 'express';

export interface StartOptions {
  name: string;
  module: Type<unknown> | DynamicModule;
  config: TServiceEnv;
  /** Largest JSON body the service accepts (the gateway enforces the public limit first). */
  bodyLimit?: string;
  /** Runs after the token check and before any body is read (e.g. a slot for large uploads). */
  beforeBody?: RequestHandler;
}

/**
 * Starts a service the same way everywhere: JSON logs, internal-token check and request context,
 * German error bodies, idle connections kept SERVICE_KEEP_ALIVE_MS, graceful shutdown on SIGTERM/SIGINT (in-flight requests finish, pools close).
 */
export async function startService(opts: StartOptions): Promise<INestApplication> {
  // One secret for both would give the gateway every internal route again.
  if (opts.config.GATEWAY_TOKEN === opts.config.INTERNAL_TOKEN) {
    process.stderr.write(`${new ConfigError(['GATEWAY_TOKEN: must differ from INTERNAL_TOKEN']).message}\n`);
    process.exit(1);
  }
  const logger = new JsonLogger(opts.name, opts.config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(opts.module, { logger, bodyParser: false });
  const metrics = appMetrics(opts.name);
  // The route pattern Express matched (e.g. /events/:id), known once the answer is finished.
  app.use(metrics.middleware((req) => (req.route?.path ? `${req.baseUrl}${req.route.path}` : undefined)));
  app.use('/metrics', (req: Request, res: Response) => void metrics.handler(req, res));
  app.use(
    internalAuth({ gatewayToken: opts.config.GATEWAY_TOKEN, serviceToken: opts.config.INTERNAL_TOKEN }, { requestDeadlineMs: opts.config.REQUEST_DEADLINE_MS }),
  );
  if (opts.beforeBody) app.use(opts.beforeBody);
  app.useBodyParser('json', { limit: opts.bodyLimit ?? '1mb' });
  app.useGlobalFilters(new ErrorBodyFilter(logger));
  app.enableShutdownHooks();
  applyServiceKeepAlive(app.getHttpServer(), opts.config.SERVICE_KEEP_ALIVE_MS);
  await app.listen(opts.config.PORT, opts.config.HOST);
  logger.info('listening', { url: await app.getUrl() });
  return app;
}
