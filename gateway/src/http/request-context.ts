import type { NextFunction, Request, Response } from 'express';
import { INTERNAL_HEADERS, type JsonLogger, newRequestId, runWithContext } from '@flohmarkt/server-kit';
import { loggablePath } from './loggable-path.js';

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
  }
}

/**
 * Gives every request an id (a new one: ids from outside are not trusted), returns it in a header,
 * and writes one JSON access-log line when the answer is done (without a link's token: loggable-path.ts).
 */
export function requestContext(logger: JsonLogger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = newRequestId();
    const started = process.hrtime.bigint();
    req.requestId = requestId;
    res.setHeader(INTERNAL_HEADERS.requestId, requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.write('info', 'request', {
        requestId,
        method: req.method,
        path: loggablePath(req.target?.path ?? req.path),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      });
    });
    runWithContext({ requestId, caller: null }, next);
  };
}
