import http from 'node:http';
import { LOOPBACK_HOST } from './bind-host.mjs';

const PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>Flohmarkt startet …</title></head><body style="font-family:system-ui;background:linear-gradient(135deg,#2B4162,#385F71);color:#fff;display:grid;place-items:center;min-height:100vh;margin:0">
<main><h1>Flohmarkt startet …</h1><p>Die Seite lädt sich gleich von selbst neu.</p></main></body></html>`;

/**
 * Answers on the product's port while the build runs and the components start: 503 for /api
 * (with a German message) and a small page that reloads itself for everything else.
 */
export function startHoldingServer(port, host = LOOPBACK_HOST) {
  const server = http.createServer((req, res) => {
    res.setHeader('Retry-After', '3');
    res.setHeader('Cache-Control', 'no-store');
    if (req.url?.startsWith('/api')) {
      res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: 'Flohmarkt startet gerade. Bitte versuche es gleich noch einmal.' }));
      return;
    }
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      }),
    );
  });
}
