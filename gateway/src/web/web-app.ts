import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

/**
 * Serves the built web app: hashed assets with a year-long cache, and index.html (never cached)
 * for every other path outside /api and /oidc, where the app's router takes over (including its
 * English 404 page).
 */
export function webApp(distDir: string) {
  const index = path.join(distDir, 'index.html');
  const assets = express.static(distDir, {
    index: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path.startsWith('/api') || req.path.startsWith('/oidc') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    assets(req, res, () => {
      if (!existsSync(index) || path.extname(req.path)) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  };
}
