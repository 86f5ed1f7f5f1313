import type { IncomingMessage } from 'node:http';
import { matchRoute, type RouteSpec } from './routes.js';

/** Where the public API lives on the public port; the services know their paths without it. */
export const API_PREFIX = '/api';

interface Matched {
  method: string;
  path: string;
  route: RouteSpec | null;
}

/** Each request's match, kept with what it matched: the target does not change along a request. */
const matched = new WeakMap<IncomingMessage, Matched>();

/**
 * The route table's entry (routes.ts) for a request's method and API path (the path after `/api`),
 * or null. Several steps of one request ask (the request deadline, the forwarding, the metrics
 * label, the session's public-read rule); the table's patterns are tried once per request, not once
 * per step (ADR 0009).
 */
export function apiRouteOf(req: IncomingMessage, apiPath: string): RouteSpec | null {
  const method = req.method ?? '';
  const known = matched.get(req);
  if (known && known.method === method && known.path === apiPath) return known.route;
  const route = matchRoute(method, apiPath);
  matched.set(req, { method, path: apiPath, route });
  return route;
}
