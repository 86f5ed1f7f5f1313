import type { NextFunction, Request, Response } from 'express';
import { isEmbedPage } from '../web/embed-pages.js';

/**
 * Browser hardening for every answer. The web app is built without inline scripts, so the
 * Content-Security-Policy allows scripts from our own origin only. No site may frame our pages
 * (clickjacking), except the embed pages, which are made for exactly that (`isEmbedPage`).
 */
export function securityHeaders(publicUrl: string) {
  const https = publicUrl.startsWith('https:');
  const policy = (frameAncestors: string) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      // The offline event page's service worker (/sw.js) and the web app manifest: our own origin only.
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; ');
  const csp = policy("'none'");
  // Any site: a club's page, a city portal. X-Frame-Options has no "anyone" value, so it is left out there.
  const framableCsp = policy('*');
  return (req: Request, res: Response, next: NextFunction): void => {
    const framable = (req.method === 'GET' || req.method === 'HEAD') && isEmbedPage(req.path);
    res.setHeader('Content-Security-Policy', framable ? framableCsp : csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!framable) res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Permissions-Policy', 'geolocation=(self), camera=(), microphone=()');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
