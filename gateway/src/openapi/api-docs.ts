import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { preferredEncoding, type Encoding } from '../http/content-encoding.js';
import { matchesIfNoneMatch } from '../http/public-read-cache.js';
import { buildOpenApiDocument, documentationGaps } from './build-document.js';
import { DOCS_STYLESHEET_PATH, renderDocsPage } from './docs-page.js';
import { DOCS_STYLESHEET } from './docs-style.js';

const OPENAPI_JSON_PATH = '/api/openapi.json';
const DOCS_PAGE_PATH = '/api/docs';

// The document changes only with a new release; five minutes keeps a reader's reloads cheap and a
// deployment visible soon. The ETag lets a client revalidate for nothing.
const CACHE_CONTROL = 'public, max-age=300';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface StaticAnswer {
  type: string;
  body: Buffer;
  etag: string;
  /** The body compressed, once per encoding (zlib's thread pool, not the event loop), when first asked for. */
  encoded(encoding: Encoding): Promise<Buffer>;
}

const COMPRESS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipAsync(body, { level: 9 }),
};

/**
 * Compressed on first request, not at start: brotli's best quality over the document and its page (about 900 kB)
 * took over a second of CPU at every start of a gateway, mostly for nobody (a test stack, a restart). The first
 * reader waits for it; every later one, and every concurrent one, gets the same bytes.
 */
function staticAnswer(text: string, type: string): StaticAnswer {
  const body = Buffer.from(text);
  const encoded = new Map<Encoding, Promise<Buffer>>();
  return {
    type,
    body,
    etag: createHash('sha256').update(body).digest('base64url').slice(0, 27),
    encoded(encoding) {
      let pending = encoded.get(encoding);
      if (!pending) {
        pending = COMPRESS[encoding](body);
        encoded.set(encoding, pending);
      }
      return pending;
    },
  };
}

/**
 * Serves the OpenAPI document at /api/openapi.json and its readable page at /api/docs, both built
 * once at start from the route table and the contracts (compressed when first asked for). Mounted
 * before the start-up gate: the documentation answers while the services are still starting.
 */
export interface ApiDocsOptions {
  cookieName: string;
  bodyLimits?: { json: number; upload: number };
  /** Told what the documentation table lacks (a route without an entry, a parameter without a text); the document still names them. */
  onGaps?: (gaps: string[]) => void;
}

export function apiDocs(options: ApiDocsOptions) {
  const document = buildOpenApiDocument({ cookieName: options.cookieName, bodyLimits: options.bodyLimits });
  const gaps = documentationGaps({ bodyLimits: options.bodyLimits });
  if (gaps.length) options.onGaps?.(gaps);
  const answers = new Map<string, StaticAnswer>([
    [OPENAPI_JSON_PATH, staticAnswer(JSON.stringify(document), 'application/json; charset=utf-8')],
    [DOCS_PAGE_PATH, staticAnswer(renderDocsPage(document, OPENAPI_JSON_PATH), 'text/html; charset=utf-8')],
    [DOCS_STYLESHEET_PATH, staticAnswer(DOCS_STYLESHEET, 'text/css; charset=utf-8')],
  ]);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path;
    const answer = answers.get(path);
    if (!answer) return next();
    void send(req, res, answer).catch(next);
  };
}

async function send(req: Request, res: Response, answer: StaticAnswer): Promise<void> {
  const encoding = preferredEncoding(req.header('accept-encoding'));
  // A failed compression only means this copy goes out uncompressed.
  const body = encoding ? await answer.encoded(encoding).catch(() => null) : null;
  // Each representation has its own validator: a cache must not answer brotli bytes to a gzip client.
  const etag = `"${answer.etag}${body && encoding ? `-${encoding}` : ''}"`;
  res.setHeader('Content-Type', answer.type);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  if (matchesIfNoneMatch(req.header('if-none-match'), etag)) {
    res.status(304).end();
    return;
  }
  if (body && encoding) res.setHeader('Content-Encoding', encoding);
  const bytes = body ?? answer.body;
  res.setHeader('Content-Length', String(bytes.length));
  res.status(200);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}
