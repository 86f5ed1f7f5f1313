import type { NextFunction, Request, Response } from 'express';
import { isEmbedPage } from '../web/embed-pages.js';

/**
 * Browser hardening for every answer. The web app is built without inline scripts, so the
 * Content-Security-Policy allows scripts from our own origin only. No site may frame our pages
 * (clickjacking), except the embed pages, which are made for exactly that (`isEmbedPage`).
 */
export function securityHeaders(publicUrl: string) {
  const headers = securityHeaderLists(publicUrl);
  return (req: Request, res: Response, next: NextFunction): void => {
    const framable = (req.method === 'GET' || req.method === 'HEAD') && isEmbedPage(req.path);
    for (const [name, value] of framable ? headers.framable : headers.page) res.setHeader(name, value);
    next();
  };
}

/** The headers above, made once: for the embed pages (framable) and for every other answer. */
export function securityHeaderLists(publicUrl: string): { page: readonly [string, string][]; framable: readonly [string, string][] } {
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
  const common: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'geolocation=(self), camera=(), microphone=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ...(https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
  return {
    page: [['Content-Security-Policy', policy("'none'")], ['X-Frame-Options', 'DENY'], ...common],
    // Any site: a club's page, a city portal. X-Frame-Options has no "anyone" value, so it is left out there.
    framable: [['Content-Security-Policy', policy('*')], ...common],
  };
}
