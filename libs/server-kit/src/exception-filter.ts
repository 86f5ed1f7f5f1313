import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { API_ERRORS, ERROR_DEFAULT_MESSAGE, errorCodeForStatus } from '@flohmarkt/contracts';
import { DomainError } from './errors.js';
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
      res.status(exception.status).json({ message: exception.message, ...this.code(exception.code) });
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
