import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { TRole } from '@flohmarkt/contracts';

/** Who is calling, as the gateway tells a service; null for anonymous callers. */
export interface CallerContext {
  id: string;
  role: TRole;
}

interface RequestContext {
  requestId: string;
  caller: CallerContext | null;
  /** When (epoch ms) the caller stops waiting for this request (REQUEST_DEADLINE_MS after it came in). */
  deadlineAt?: number;
  /**
   * For a request under an Idempotency-Key (armed with 'none' by the interceptor): whether a
   * transaction of it that wrote reached COMMIT (idempotency/commit-tracker.ts): 'confirmed' once
   * its reply came, 'in-doubt' while it was sent and no reply came (lost connection).
   */
  committed?: 'none' | 'in-doubt' | 'confirmed';
}

/** Header names of the internal hop from gateway to services: one place, used on both ends. */
export const INTERNAL_HEADERS = {
  token: 'x-internal-token',
  requestId: 'x-request-id',
  userId: 'x-user-id',
  userRole: 'x-user-role',
} as const;

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function newRequestId(): string {
  return randomUUID();
}
