import type { NextFunction, Request, Response } from 'express';
import { passThrough } from './pass-through.js';

/**
 * Passes /oidc/* through to the development identity provider, so its issuer lives on the
 * product's own origin (cookies, redirects and the browser's address bar all stay on one host).
 */
export function idpProxy(target: string, publicUrl: string) {
  const base = new URL(target);
  const pub = new URL(publicUrl);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!/^\/oidc(\/|$)/.test(req.target.path)) return next();
    const headers = { ...req.headers, host: base.host, 'x-forwarded-host': pub.host, 'x-forwarded-proto': pub.protocol.replace(':', '') };
    passThrough(req, res, base, headers, 'stream');
  };
}
