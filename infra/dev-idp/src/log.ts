// JSON log lines on stdout: one object per line with time, level and msg (plus fields).

type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

function errorFields(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  return value;
}

export function createLogger(write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const emit = (level: LogLevel, msg: string, fields?: Record<string, unknown>): void => {
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg, service: 'dev-idp' };
    if (fields) {
      for (const [key, value] of Object.entries(fields)) {
        if (!(key in entry)) entry[key] = errorFields(value);
      }
    }
    write(`${JSON.stringify(entry)}\n`);
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = createLogger(() => undefined);
