import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { internalAuth } from './internal-auth.js';
import { currentContext } from './request-context.js';

const TOKEN = 'internal-token-0123456789';

function call(path: string, headers: Record<string, string>) {
  const answer: { status?: number; body?: unknown; context?: ReturnType<typeof currentContext> } = {};
  const res = {
    setHeader: () => undefined,
    status(s: number) {
      answer.status = s;
      return this;
    },
    json(b: unknown) {
      answer.body = b;
    },
  } as unknown as Response;
  const req = { path, header: (n: string) => headers[n.toLowerCase()] } as unknown as Request;
  const next: NextFunction = () => {
    answer.context = currentContext();
  };
  internalAuth(TOKEN)(req, res, next);
  return answer;
}

describe('internalAuth', () => {
  it('refuses calls without the internal token, even with user headers', () => {
    const answer = call('/events', { 'x-user-id': 'u1', 'x-user-role': 'admin' });
    expect(answer.status).toBe(401);
    expect(answer.context).toBeUndefined();
  });

  it('refuses a wrong token', () => {
    expect(call('/events', { 'x-internal-token': 'internal-token-0123456780' }).status).toBe(401);
  });

  it('lets health probes through without a token', () => {
    expect(call('/health', {}).status).toBeUndefined();
  });

  it('passes the caller and request id on to the handler', () => {
    const answer = call('/events', { 'x-internal-token': TOKEN, 'x-user-id': 'u1', 'x-user-role': 'organizer', 'x-request-id': 'r-1' });
    expect(answer.context).toEqual({ requestId: 'r-1', caller: { id: 'u1', role: 'organizer' } });
  });

  it('treats an unknown role as anonymous', () => {
    const answer = call('/events', { 'x-internal-token': TOKEN, 'x-user-id': 'u1', 'x-user-role': 'emperor' });
    expect(answer.context?.caller).toBeNull();
  });
});
