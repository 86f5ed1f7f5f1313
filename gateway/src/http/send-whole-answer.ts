import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerEncoding, compressWhole } from './content-encoding.js';
import { matchesIfNoneMatch, type CachedAnswer } from './public-read-cache.js';

/**
 * A 200 answer held whole in memory (public-read-cache.ts), as the browser asked for it: 304 without
 * a body when its copy is still current (If-None-Match), else the body, compressed as forward.ts
 * would (each encoding once per answer).
 */
export async function sendWholeAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer): Promise<void> {
  res.setHeader('Vary', 'Accept-Encoding');
  if (matchesIfNoneMatch(req.headers['if-none-match'], answer.headers.etag)) {
    for (const name of ['etag', 'cache-control', 'last-modified']) if (answer.headers[name]) res.setHeader(name, answer.headers[name]);
    res.statusCode = 304;
    res.end();
    return;
  }
  // A HEAD gets the GET's headers, the encoding and its length included; Node sends no body with it.
  const encoding = answerEncoding(req.headers['accept-encoding'], answer.headers);
  let body = answer.body;
  if (encoding) {
    body = answer.packed.get(encoding) ?? (await compressWhole(answer.body, encoding));
    answer.packed.set(encoding, body);
  }
  res.statusCode = 200;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}
