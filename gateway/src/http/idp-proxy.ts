import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS } from '@flohmarkt/contracts';
import { sendError } from './send-error.js';

/**
 * Passes /oidc/* through to the development identity provider, so its issuer lives on the
 * product's own origin (cookies, redirects and the browser's address bar all stay on one host).
 */
export function idpProxy(target: string, publicUrl: string) {
  const base = new URL(target);
  const pub = new URL(publicUrl);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!/^\/oidc(\/|$)/.test(req.target.path)) return next();
    const upstream = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: `${req.target.path}${req.target.search}`,
        headers: { ...req.headers, host: base.host, 'x-forwarded-host': pub.host, 'x-forwarded-proto': pub.protocol.replace(':', '') },
        timeout: 10000,
      },
      (answer) => {
        // The provider's own pages carry their own security headers where it sets them.
        res.status(answer.statusCode ?? 502);
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) res.setHeader(name, value);
        answer.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('timeout')));
    upstream.on('error', () => sendError(res, 'UNAVAILABLE', API_ERRORS.serviceUnavailable));
    req.pipe(upstream);
  };
}
