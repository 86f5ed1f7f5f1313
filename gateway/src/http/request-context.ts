import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { INTERNAL_HEADERS, type JsonLogger, newRequestId, runWithContext } from '@flohmarkt/server-kit';
import { loggablePath } from './loggable-path.js';
import { notedCause } from './unavailable.js';

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
  }
}

/**
 * Gives every request an id (a new one: ids from outside are not trusted), returns it in a header,
 * and writes one JSON access-log line when the answer is done (without a link's token: loggable-path.ts);
 * a 503's line is a warning with its cause.
 */
export function requestContext(logger: JsonLogger) {
  const logAnswer = accessLog(logger);
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = giveRequestId(res);
    const started = process.hrtime.bigint();
    req.requestId = requestId;
    res.on('finish', () => logAnswer(req, res, requestId, started, req.target?.path ?? req.path));
    runWithContext({ requestId, caller: null }, next);
  };
}

/** A new request id, already on the answer's headers. */
export function giveRequestId(res: ServerResponse): string {
  const requestId = newRequestId();
  res.setHeader(INTERNAL_HEADERS.requestId, requestId);
  return requestId;
}

/** The access-log line of one answered request (also of those answered from memory: memory-reads.ts). */
export function accessLog(logger: JsonLogger) {
  return (req: IncomingMessage, res: ServerResponse, requestId: string, started: bigint, path: string): void => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // A 503 says why (http/unavailable.ts): the German sentence alone tells an operator nothing.
    const unavailable = res.statusCode === 503;
    logger.write(unavailable ? 'warn' : 'info', 'request', {
      requestId,
      method: req.method,
      path: loggablePath(path),
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
      ...(unavailable ? { cause: notedCause(res as Response) ?? { code: 'UNRECORDED' } } : {}),
    });
  };
}
