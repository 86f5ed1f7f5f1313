import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { API_ERRORS, ERROR_DEFAULT_MESSAGE, errorCodeForStatus } from '@flohmarkt/contracts';
import { DomainError } from './errors.js';
import { isLostConnection } from './lost-connection.js';
import type { JsonLogger } from './logger.js';
import { currentContext } from './request-context.js';

/** Framework failures that reach us before our code runs (body parser, routing) and what to say. */
function messageForHttpException(status: number): string {
  if (status === 400) return API_ERRORS.invalidJson;
  return ERROR_DEFAULT_MESSAGE[errorCodeForStatus(status)];
}

/**
 * Every error leaves a service as `{ message, code }` with one German sentence: never the
 * framework's English default body, never a stack trace.
 */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  /** Services add the error code for the gateway; the gateway itself answers the public `{ message }` only. */
  constructor(
    private readonly logger: JsonLogger,
    private readonly options: { includeCode: boolean } = { includeCode: true },
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof DomainError) {
      if (exception.code === 'UNAVAILABLE') {
        retryLater(res);
        // The caller's log sees only "the service answered 503"; why (a peer away or late, a full
        // queue, this request's own deadline) is known here alone.
        this.logger.write('warn', 'unavailable', { cause: unavailableCause(exception) });
      }
      res.status(exception.status).json({ message: exception.message, ...this.code(exception.code) });
      return;
    }
    // The database went away under the request (killed, restarted, the pool could not connect): not
    // a bug of ours, the caller may simply try again. Logged with its cause, answered like any 503.
    if (isLostConnection(exception)) {
      this.logger.write('warn', 'dependency connection lost', { cause: describe(exception) });
      retryLater(res);
      res.status(503).json({ message: API_ERRORS.serviceUnavailable, ...this.code('UNAVAILABLE') });
      return;
    }
    const status = exception instanceof HttpException ? exception.getStatus() : (exception as { status?: number })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ message: messageForHttpException(status) });
      return;
    }
    const requestId = currentContext()?.requestId;
    this.logger.error(exception instanceof Error ? exception : String(exception), 'ErrorBodyFilter');
    res.status(500).json({ message: API_ERRORS.internal, ...this.code('INTERNAL'), requestId });
  }

  private code(code: string): { code?: string } {
    return this.options.includeCode ? { code } : {};
  }
}

/** Seconds a caller of a 503 is asked to wait; a more precise value set on the way (a full planner) is kept. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

function retryLater(res: Response): void {
  if (!res.getHeader('Retry-After')) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
}

function describe(error: unknown): { message: string; code?: string } {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return { message: String(message ?? error), ...(typeof code === 'string' ? { code } : {}) };
}

/**
 * What an UNAVAILABLE error knows of its cause: a peer call's details (code, peer, attempt), else its
 * cause's code and message, else where it was thrown (the first frame of our own code).
 */
function unavailableCause(error: DomainError): Record<string, unknown> {
  const cause = (error as { cause?: unknown }).cause;
  const details = (cause as { details?: unknown } | null | undefined)?.details;
  if (details !== null && typeof details === 'object') return details as Record<string, unknown>;
  if (cause !== undefined) return describe(cause);
  const at = error.stack
    ?.split('\n')
    .slice(1)
    .find((frame) => !frame.includes('node_modules') && !frame.includes('errors.'));
  return { code: 'UNAVAILABLE', message: error.message, ...(at ? { at: at.trim().replace(/^at /, '') } : {}) };
}
