import http from 'node:http';
import type { JsonLogger } from './logger.js';
import type { AppMetrics } from './metrics.js';

/**
 * A queue worker's own small HTTP endpoint (the photo worker, the mailer), inside only (no Service,
 * no route through the gateway): /health is 200 while it consumes jobs, for orchestrators;
 * /metrics is Prometheus, like the services' /metrics on their own port.
 */
export function startHealthServer(port: number, host: string, isHealthy: () => boolean, metrics: AppMetrics): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method === 'GET' && path === '/health') {
      const ok = isHealthy();
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable' }));
      return;
    }
    if (req.method === 'GET' && path === '/metrics') {
      metrics.registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': metrics.registry.contentType });
          res.end(text);
        },
        () => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Die Messwerte sind gerade nicht verfügbar.' }));
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Nicht gefunden.' }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Ends a queue worker's process on SIGTERM or SIGINT, once however often the signal comes: `stop`
 * lets the jobs in progress finish (anything not started stays in the queue for the next worker)
 * and closes what the worker holds.
 */
export function stopOnSignal(logger: JsonLogger, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.write('info', 'stopping', { signal });
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
