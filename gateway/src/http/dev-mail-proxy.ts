import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { passThrough } from './pass-through.js';

/**
 * The development mail server's listing shows every mail the platform sent, manage links and
 * opt-out tokens included, to anyone who opens /dev/mail. A production gateway must never proxy it:
 * DEV_MAIL_URL stops the start with NODE_ENV=production, and there is no override (a real SMTP
 * server has no listing to show).
 */
export function refuseDevMailInProduction(config: { NODE_ENV: string; DEV_MAIL_URL?: string }, ctx: z.RefinementCtx): void {
  if (config.NODE_ENV !== 'production' || !config.DEV_MAIL_URL) return;
  ctx.addIssue({
    code: 'custom',
    path: ['DEV_MAIL_URL'],
    message:
      'the development mail listing shows every mail to anyone and is refused with NODE_ENV=production. Leave DEV_MAIL_URL empty and set SMTP_URL of the mailer to a real mail server (docs/operations.md).',
  });
}

const PATH = /^\/dev\/mail(\/|$)/;

/**
 * Passes /dev/mail/* (reads only) to the development mail server, so the mails a developer or a
 * test reads are on the product's own origin. The session cookie stays here: the listing needs no
 * one's session. Its pages carry their own, stricter security headers (a sandboxed frame for each
 * mail's HTML), which replace the gateway's.
 */
export function devMailProxy(target: string) {
  const base = new URL(target);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!PATH.test(req.target.path)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).setHeader('Allow', 'GET, HEAD');
      res.json({ message: 'Nur Lesen ist hier möglich.' });
      return;
    }
    const headers = { ...req.headers, host: base.host };
    delete headers.cookie;
    passThrough(req, res, base, headers, 'none');
  };
}
