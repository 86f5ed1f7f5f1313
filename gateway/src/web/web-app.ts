import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { preferredEncoding } from '../http/content-encoding.js';
import { CompressedAssets, compress } from './compressed-assets.js';

export interface WebAppOptions {
  distDir: string;
  /**
   * Values for the page's `flohmarkt:<name>` meta tags (feedback URL, the operator's details for the
   * legal pages): configuration reaches the app this way because the page may not run inline script.
   */
  meta: Record<string, string>;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Serves the built web app: hashed assets with a year-long cache, and index.html (never cached)
 * for every other path outside /api and /oidc, where the app's router takes over (including its
 * English 404 page).
 */
export function webApp(options: WebAppOptions) {
  const indexFile = path.join(options.distDir, 'index.html');
  const page = existsSync(indexFile) ? fillMeta(readFileSync(indexFile, 'utf8'), options.meta) : null;
  const cacheControl = (file: string) => (file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  const compressed = new CompressedAssets(path.resolve(options.distDir));
  const pages = new Map<string, Buffer>();
  const assets = express.static(options.distDir, { index: false, setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControl(file)) });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path.startsWith('/api') || req.path.startsWith('/oidc') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (req.path === '/index.html') return sendPage(req, res, page, pages, next);
    if (compressed.serve(req, res, cacheControl)) return;
    assets(req, res, () => {
      if (path.extname(req.path)) return next();
      sendPage(req, res, page, pages, next);
    });
  };
}

function fillMeta(html: string, meta: Record<string, string>): string {
  return Object.entries(meta).reduce(
    (page, [name, value]) => page.replace(new RegExp(`(<meta name="flohmarkt:${name}" content=")[^"]*(")`), `$1${escapeAttribute(value)}$2`),
    html,
  );
}

/** index.html, compressed like the assets (once per encoding). */
function sendPage(req: Request, res: Response, page: string | null, cache: Map<string, Buffer>, next: NextFunction): void {
  if (!page) return next();
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = preferredEncoding(req.header('accept-encoding'));
  if (!encoding) {
    res.type('html').send(page);
    return;
  }
  let body = cache.get(encoding);
  if (!body) {
    body = compress(Buffer.from(page), encoding);
    cache.set(encoding, body);
  }
  res.setHeader('Content-Encoding', encoding);
  res.type('html').end(body);
}
