import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import { API_ERRORS, ERROR_DEFAULT_MESSAGE } from '@flohmarkt/contracts';
import { parseRequestTarget, type JsonLogger, type RequestTarget } from '@flohmarkt/server-kit';
import { API_PREFIX, apiRouteOf } from '../routing/api-route-of.js';
import type { RouteSpec } from '../routing/routes.js';
import type { MemoryReads } from './memory-reads.js';
import { sendError } from './send-error.js';

export type Step = (req: Request, res: Response, next: NextFunction) => unknown;

/** The gateway's steps in their one order: every request's, then those of calls under `/api`. */
export interface GatewayPipeline {
  front: Step[];
  api: Step[];
}

/** Registers the steps with Express, in order: the path of every request but the API reads below. */
export function useInExpress(app: { use(...handlers: Step[]): unknown; use(path: string, ...handlers: Step[]): unknown }, pipeline: GatewayPipeline): void {
  for (const step of pipeline.front) app.use(step);
  for (const step of pipeline.api) app.use(API_PREFIX, step);
}

/**
 * Reads of the route table (a GET or HEAD of an `/api` path routes.ts knows: event detail, the lists,
 * a signed-in user's pages) run the very same steps, in the same order, without Express's router
 * in between (ADR 0009). The router tried each of some twenty layers' paths per request, wrapped
 * every step in closures of its own and then handed the request to Nest's routes behind them, which
 * such a read never reaches: forwardApi answers every call the table knows. What Express gives a
 * request is given here too (its request and response methods, `originalUrl`, the `/api` mount's
 * `baseUrl` and shortened `url`), so each step sees what it sees behind the router. Everything else
 * (writes, the web app, tiles, sign-in, the documentation) takes Express's path unchanged.
 */
export function leanApiReads(server: Server, app: Express, pipeline: GatewayPipeline, logger: JsonLogger, memory?: MemoryReads): void {
  const express = server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
  // Nest's Express adapter serves with the Express app itself; anything else in front is left in charge.
  if (express !== (app as unknown)) throw new Error('leanApiReads: the server does not serve with the Express app');
  const steps: Step[] = [...pipeline.front, enterApi, ...pipeline.api];
  const runSteps = (req: IncomingMessage, res: ServerResponse) => run(adopt(app, req, res), res as Response, steps, logger);
  server.removeListener('request', express);
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const read = apiReadOf(req);
    if (!read) return express(req, res);
    // An anonymous read of a kept answer needs none of the steps (memory-reads.ts); a miss takes them.
    if (!memory?.applies(req, read.route)) return runSteps(req, res);
    memory
      .answer(req, res, read.target, read.route)
      .catch((err: unknown) => {
        logger.error(err instanceof Error ? err : new Error(String(err)), 'memoryReads');
        return false;
      })
      .then((answered) => answered || res.headersSent || runSteps(req, res))
      .catch(() => undefined);
  });
}

/** A GET or HEAD of an `/api` path the route table knows: its checked target and its route. */
function apiReadOf(req: IncomingMessage): { target: RequestTarget; route: RouteSpec } | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const target = parseRequestTarget(req.url ?? '');
  if (target === null || !target.path.startsWith(`${API_PREFIX}/`)) return null;
  const route = apiRouteOf(req, target.path.slice(API_PREFIX.length));
  return route === null ? null : { target, route };
}

/** What Express's `app.handle` and router do before the first step (express/lib/application.js). */
function adopt(app: Express, raw: IncomingMessage, res: ServerResponse): Request {
  const req = raw as Request;
  if (app.enabled('x-powered-by')) res.setHeader('X-Powered-By', 'Express');
  (req as { res?: ServerResponse }).res = res;
  (res as { req?: IncomingMessage }).req = raw;
  Object.setPrototypeOf(req, app.request);
  Object.setPrototypeOf(res, app.response);
  (res as Response).locals ??= Object.create(null) as Response['locals'];
  req.originalUrl = req.url;
  req.baseUrl = '';
  return req;
}

/** As Express mounts `app.use('/api', step)`: the steps behind see the path after `/api`. */
function enterApi(req: Request, _res: Response, next: NextFunction): void {
  req.baseUrl = API_PREFIX;
  req.url = req.url.slice(API_PREFIX.length) || '/';
  next();
}

function run(req: Request, res: Response, steps: Step[], logger: JsonLogger): void {
  let index = 0;
  const next: NextFunction = (err?: unknown) => {
    if (err !== undefined && err !== null && err !== 'route' && err !== 'router') return failed(req, res, err, logger);
    const step = steps[index++];
    // Not reached: forwardApi answers every call the route table knows (apiReadOf asked the same table).
    if (!step) return sendError(res, 'NOT_FOUND', ERROR_DEFAULT_MESSAGE.NOT_FOUND);
    try {
      const pending = step(req, res, next);
      if (pending instanceof Promise) pending.catch(next);
    } catch (thrown) {
      next(thrown);
    }
  };
  next();
}

/** A step that passed an error on, as Nest's error filter answers it behind the router: a 500 with the request's id. */
function failed(req: Request, res: Response, err: unknown, logger: JsonLogger): void {
  logger.error(err instanceof Error ? err : new Error(String(err)), 'leanApiReads');
  sendError(res, 'INTERNAL', API_ERRORS.internal, { requestId: req.requestId });
}
