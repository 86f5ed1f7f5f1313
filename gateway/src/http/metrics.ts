import http from 'node:http';
import type { Request } from 'express';
import type { AppMetrics } from '@flohmarkt/server-kit';
import { apiRouteOf } from '../routing/api-route-of.js';

/** A low-cardinality route label for a request: the route pattern, never the raw path. */
export function routeLabel(req: Request): string {
  const pathname = req.originalUrl.split('?')[0];
  if (pathname.startsWith('/api/')) {
    const route = apiRouteOf(req, pathname.slice(4));
    if (route) return `/api${route.path}`;
    return req.route?.path ? `${req.baseUrl}${req.route.path}` : '/api/unknown';
  }
  if (pathname.startsWith('/oidc')) return '/oidc';
  if (pathname.startsWith('/dev/mail')) return '/dev/mail';
  if (pathname.startsWith('/tiles/')) return '/tiles';
  return 'web';
}

/**
 * Metrics on their own port: the public port must not show them, and Prometheus scrapes the
 * internal one.
 */
export function startMetricsServer(metrics: AppMetrics, port: number, host: string): http.Server {
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    void metrics.registry.metrics().then((text) => {
      res.writeHead(200, { 'content-type': metrics.registry.contentType });
      res.end(text);
    });
  });
  server.listen(port, host);
  return server;
}
