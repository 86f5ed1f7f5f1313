import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

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
  const assets = express.static(options.distDir, {
    index: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path.startsWith('/api') || req.path.startsWith('/oidc') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (req.path === '/index.html') return sendPage(res, page, next);
    assets(req, res, () => {
      if (path.extname(req.path)) return next();
      sendPage(res, page, next);
    });
  };
}

function fillMeta(html: string, meta: Record<string, string>): string {
  return Object.entries(meta).reduce(
    (page, [name, value]) => page.replace(new RegExp(`(<meta name="flohmarkt:${name}" content=")[^"]*(")`), `$1${escapeAttribute(value)}$2`),
    html,
  );
}

function sendPage(res: Response, page: string | null, next: NextFunction): void {
  if (!page) return next();
  res.setHeader('Cache-Control', 'no-cache');
  res.type('html').send(page);
}
