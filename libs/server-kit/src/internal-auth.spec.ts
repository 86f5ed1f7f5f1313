import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { internalAuth } from './internal-auth.js';
import { currentContext } from './request-context.js';

const GATEWAY = 'gateway-token-0123456789';
const SERVICE = 'service-token-0123456789';

function call(path: string, headers: Record<string, string>, method = 'GET') {
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
  const req = { method, originalUrl: path, header: (n: string) => headers[n.toLowerCase()] } as unknown as Request;
  const next: NextFunction = () => {
    answer.context = currentContext();
  };
  internalAuth({ gatewayToken: GATEWAY, serviceToken: SERVICE })(req, res, next);
  return answer;
}

const asGateway = { 'x-internal-token': GATEWAY };
const asService = { 'x-internal-token': SERVICE };

describe('internalAuth', () => {
  it('refuses calls without a token, even with user headers', () => {
    const answer = call('/events', { 'x-user-id': 'u1', 'x-user-role': 'admin' });
    expect(answer.status).toBe(401);
    expect(answer.context).toBeUndefined();
  });

  it('refuses a wrong token', () => {
    expect(call('/events', { 'x-internal-token': 'gateway-token-0123456780' }).status).toBe(401);
  });

  it('lets health probes through without a token', () => {
    expect(call('/health', {}).status).toBeUndefined();
  });

  it('opens the public routes to the gateway and the internal ones to the services only', () => {
    expect(call('/events/1', asGateway).status).toBeUndefined();
    expect(call('/internal/users?ids=a,b', asGateway).status).toBe(401);
    expect(call('/INTERNAL/users?ids=a,b', asGateway).status).toBe(401);
    expect(call('/internal/stands/1/photos', asGateway, 'DELETE').status).toBe(401);
    expect(call('/internal/users?ids=a,b', asService).status).toBeUndefined();
    expect(call('/events/1', asService).status).toBe(401);
  });

  it('opens to the gateway exactly the internal calls it makes itself', () => {
    expect(call('/internal/sign-in/start', asGateway, 'POST').status).toBeUndefined();
    expect(call('/internal/users/u1', asGateway).status).toBeUndefined();
    expect(call('/internal/users/u1', asGateway, 'PUT').status).toBe(401);
    expect(call('/internal/sign-in/start', asGateway, 'GET').status).toBe(401);
    expect(call('/internal/stands/s1/photo-upload-access', asGateway).status).toBeUndefined();
    expect(call('/internal/stands/s1/photo-access', asGateway).status).toBe(401);
  });

  it('refuses a target that is not canonical origin-form before looking at the token', () => {
    for (const target of ['/users/..\\internal\\users', '/media/%2e%2e/metrics', 'http://127.0.0.1:1/events', '/events/../internal/users']) {
      const answer = call(target, asService);
      expect(answer.status, target).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION' });
    }
  });

  it('passes the caller and request id on to the handler', () => {
    const answer = call('/events', { ...asGateway, 'x-user-id': 'u1', 'x-user-role': 'organizer', 'x-request-id': 'r-1' });
    expect(answer.context).toEqual({ requestId: 'r-1', caller: { id: 'u1', role: 'organizer' } });
  });

  it('treats an unknown role as anonymous', () => {
    const answer = call('/events', { ...asGateway, 'x-user-id': 'u1', 'x-user-role': 'emperor' });
    expect(answer.context?.caller).toBeNull();
  });
});
