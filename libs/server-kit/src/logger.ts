import type { LoggerService } from '@nestjs/common';
import { currentContext } from './request-context.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * Lines written in one turn of the event loop go out in one write at its end: stdout into a pipe or
 * a file is a synchronous system call per write on Linux, and a busy gateway logs a line per request
 * (ADR 0009 part 4). A line waits a few milliseconds at most; those of a process that exits (an error
 * it cannot handle included) are written on its way out, only a SIGKILL can lose one turn's lines.
 */
let pending: string[] = [];
let flushing = false;

function emit(line: string): void {
  pending.push(line);
  if (flushing) return;
  flushing = true;
  setImmediate(flushLines).unref();
}

function flushLines(): void {
  flushing = false;
  if (pending.length === 0) return;
  const text = pending.join('');
  pending = [];
  process.stdout.write(text);
}

process.on('exit', flushLines);

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
    emit(`${JSON.stringify(line)}\n`);
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
