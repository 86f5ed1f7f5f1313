import type { LoggerService } from '@nestjs/common';
import { currentContext } from './request-context.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * One JSON object per line on stdout, with the request id of the request being served, so that
 * a request can be followed from the gateway into a service.
 */
export class JsonLogger implements LoggerService {
  constructor(
    readonly service: string,
    private readonly level: LogLevel = 'info',
  ) {}

  write(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
    if (ORDER[level] < ORDER[this.level]) return;
    const requestId = currentContext()?.requestId;
    const line = { time: new Date().toISOString(), level, service: this.service, msg, ...(requestId ? { requestId } : {}), ...fields };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }

  info(msg: string, fields?: Record<string, unknown>): void {
    this.write('info', msg, fields);
  }

  log(message: unknown, context?: string): void {
    this.write('info', String(message), context ? { context } : {});
  }
  error(message: unknown, ...rest: unknown[]): void {
    const fields: Record<string, unknown> = {};
    if (message instanceof Error) fields.stack = message.stack;
    const [first, second] = rest;
    if (typeof first === 'string' && typeof second === 'string') {
      fields.stack = first;
      fields.context = second;
    } else if (typeof first === 'string') fields.context = first;
    this.write('error', message instanceof Error ? message.message : String(message), fields);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', String(message), context ? { context } : {});
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', String(message), context ? { context } : {});
  }
  verbose(message: unknown, context?: string): void {
    this.write('debug', String(message), context ? { context } : {});
  }
}
