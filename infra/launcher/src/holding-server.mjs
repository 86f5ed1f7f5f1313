import http from 'node:http';

const PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>Flohmarkt startet …</title></head><body style="font-family:system-ui;background:linear-gradient(135deg,#2B4162,#385F71);color:#fff;display:grid;place-items:center;min-height:100vh;margin:0">
<main><h1>Flohmarkt startet …</h1><p>Die Seite lädt sich gleich von selbst neu.</p></main></body></html>`;

const HOLDING_MESSAGE = 'Flohmarkt startet gerade. Bitte versuche es gleich noch einmal.';

/**
 * Answers on the product's port while no gateway is up (the build, the first start, a gateway's
 * restart): 503 for /api (with a German message) and a small page that reloads itself for
 * everything else. It listens on nothing itself: the front (front.mjs) hands it the connections.
 * Each answer closes its connection, so the browser's next request goes through the front again and
 * reaches the gateway as soon as one is up.
 */
export function holdingServer() {
  return http.createServer((req, res) => {
    res.shouldKeepAlive = false;
    res.setHeader('Retry-After', '3');
    res.setHeader('Cache-Control', 'no-store');
    if (req.url?.startsWith('/api')) {
      res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: HOLDING_MESSAGE }));
      return;
    }
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
}
