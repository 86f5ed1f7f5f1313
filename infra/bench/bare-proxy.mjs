#!/usr/bin/env node
/**
 * The least a Node hop can cost: a plain `node:http` server that passes each request to TARGET (the
 * `/api` prefix dropped) over kept-alive connections and pipes the answer back — no checks, no
 * headers of its own, no logging. `bench:gateway-hop` puts it where the gateway stands, so the
 * gateway's own share of a forwarded read shows beside the hop's. Prints its port once listening.
 */
import http from 'node:http';

const target = new URL(process.env.TARGET);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const server = http.createServer((req, res) => {
  const upstream = http.request(
    { host: target.hostname, port: target.port, path: req.url.replace(/^\/api(?=\/)/, ''), method: req.method, headers: req.headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
