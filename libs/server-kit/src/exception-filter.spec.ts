import type { ArgumentsHost } from '@nestjs/common';
import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { fail } from './errors.js';
import { ServiceUnavailableError } from './service-client.js';
import { ErrorBodyFilter } from './exception-filter.js';
import { JsonLogger } from './logger.js';

/** The filter logs every 500 with its stack; the spec's output need not show them. */
class QuietLogger extends JsonLogger {
  override write(): void {}
}

/** What a caller of the service gets for an error that reached the filter. */
function answerTo(exception: unknown, headers: Record<string, string> = {}): { status: number; headers: Record<string, string>; body: unknown } {
  const answer = { status: 0, headers: { ...headers }, body: undefined as unknown };
  const res = {
    headersSent: false,
    getHeader: (name: string) => answer.headers[name.toLowerCase()],
    setHeader: (name: string, value: string) => void (answer.headers[name.toLowerCase()] = value),
    status(code: number) {
      answer.status = code;
      return res;
    },
    json(body: unknown) {
      answer.body = body;
      return res;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
  new ErrorBodyFilter(new QuietLogger('filter-spec')).catch(exception, host);
  return answer;
}

/** A server error as node-postgres reports it, wrapped by TypeORM the way a failed query reaches us. */
function failedQuery(code: string, message: string): QueryFailedError {
  const driverError = Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });
  return new QueryFailedError('SELECT 1', [], driverError);
}

const UNAVAILABLE = { status: 503, headers: { 'retry-after': '5' }, body: { message: API_ERRORS.serviceUnavailable, code: 'UNAVAILABLE' } };

describe('ErrorBodyFilter and a lost database connection', () => {
  it.each([
    ['the server terminated the session (57P01)', failedQuery('57P01', 'terminating connection due to administrator command')],
    ['the server is starting (57P03)', failedQuery('57P03', 'the database system is starting up')],
    ['the connection broke (08006)', failedQuery('08006', 'connection failure')],
    ['the socket closed under a query', new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'))],
    ['the socket closed before the query', new Error('Connection terminated unexpectedly')],
    ['the pool found no connection in time', new Error('timeout exceeded when trying to connect')],
    ['the database refuses connections', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['the pool timed out connecting', new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') })],
  ])('answers 503 in German with Retry-After when %s', (_case, exception) => {
    expect(answerTo(exception)).toEqual(UNAVAILABLE);
  });

  it('still answers 500 for a query that is wrong, not a connection that is lost', () => {
    const answer = answerTo(failedQuery('42P01', 'relation "nowhere" does not exist'));
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ message: API_ERRORS.internal, code: 'INTERNAL' });
    expect(answerTo(new TypeError('x is undefined')).status).toBe(500);
  });

  it('asks for a retry on every 503 it gives, keeping a Retry-After set on the way', () => {
    expect(answerTo(fail.unavailable())).toEqual(UNAVAILABLE);
    expect(answerTo(fail.unavailable(), { 'retry-after': '2' }).headers['retry-after']).toBe('2');
    expect(answerTo(fail.notFound()).headers['retry-after']).toBeUndefined();
  });
});

/** The lines the filter logs, kept for the assertions. */
class RecordingLogger extends JsonLogger {
  readonly lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  override write(level: string, msg: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ level, msg, fields });
  }
}

function loggedFor(exception: unknown): RecordingLogger['lines'] {
  const logger = new RecordingLogger('filter-spec');
  const res = { headersSent: false, getHeader: () => undefined, setHeader: () => undefined, status: () => res, json: () => res };
  new ErrorBodyFilter(logger).catch(exception, { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost);
  return logger.lines;
}

describe('ErrorBodyFilter says why it answered 503', () => {
  it("logs a peer call's cause: its code, the peer and the attempt", () => {
    const peerDown = new ServiceUnavailableError('events', 'socket hang up', {
      code: 'ECONNRESET',
      peer: 'events http://127.0.0.1:1',
      attempt: 2,
      mayHaveReached: true,
    });
    const lines = loggedFor(Object.assign(fail.unavailable(), { cause: peerDown }));
    expect(lines).toEqual([
      { level: 'warn', msg: 'unavailable', fields: { cause: { code: 'ECONNRESET', peer: 'events http://127.0.0.1:1', attempt: 2, mayHaveReached: true } } },
    ]);
  });

  it('logs the code of a plain cause, and where a 503 without one was thrown', () => {
    const late = Object.assign(new Error('late'), { code: 'REQUEST_DEADLINE' });
    expect(loggedFor(Object.assign(fail.unavailable(), { cause: late }))[0].fields.cause).toEqual({ code: 'REQUEST_DEADLINE', message: 'late' });
    const bare = loggedFor(fail.unavailable())[0].fields.cause as { code: string; at?: string };
    expect(bare.code).toBe('UNAVAILABLE');
    expect(bare.at).toContain('exception-filter.spec');
  });

  it('logs nothing for a refusal the caller can act on', () => {
    expect(loggedFor(fail.notFound())).toEqual([]);
  });
});
