import http from 'node:http';
import type { Request, Response } from 'express';
import { answerUnavailable, causeOf } from './unavailable.js';

/**
 * Passes one request, as its checked target says, to a development helper (the identity provider,
 * the mail listing) and its answer back unchanged: the helper's pages carry their own security
 * headers. An unreachable helper is a 503 with the German message, never a hanging request.
 */
export function passThrough(req: Request, res: Response, base: URL, headers: http.OutgoingHttpHeaders, body: 'stream' | 'none'): void {
  // A connection of its own for each request (agent: false), not Node's global pool: that one keeps an
  // idle connection exactly as long as the helper's server does (5 s), so a request now and then went
  // out on a connection the helper was closing and came back a 503. These are a developer's few calls.
  const upstream = http.request(
    { host: base.hostname, port: base.port, method: req.method, path: `${req.target.path}${req.target.search}`, headers, timeout: 10000, agent: false },
    (answer) => {
      res.status(answer.statusCode ?? 502);
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) res.setHeader(name, value);
      answer.pipe(res);
    },
  );
  upstream.on('timeout', () => upstream.destroy(new Error('timeout')));
  upstream.on('error', (err) => answerUnavailable(res, { ...causeOf(err), peer: base.origin }));
  if (body === 'stream') req.pipe(upstream);
  else upstream.end();
}
