import type { Server } from 'node:http';

/**
 * How long a service keeps an idle keep-alive connection open (SERVICE_KEEP_ALIVE_MS). Far above
 * Node's default of 5 s, so the callers' pools, which give up on an idle socket first, are the side
 * that closes: a caller never picks a pooled socket the service is closing at that very moment.
 */
export const DEFAULT_SERVICE_KEEP_ALIVE_MS = 65_000;

/** The longest a caller keeps an idle pooled socket to a service: half the service's idle timeout. */
export function callerIdleLimitMs(serviceKeepAliveMs: number): number {
  return Math.max(1, Math.floor(serviceKeepAliveMs / 2));
}

/**
 * A service's HTTP server keeps idle connections SERVICE_KEEP_ALIVE_MS. Its header timeout stays
 * above that, as Node's older guidance asked (Node 20 and 24 time only a request that has begun, so
 * the public gateway bounds stalled headers much tighter: gateway/src/http/client-errors.ts).
 */
export function applyServiceKeepAlive(server: Server, serviceKeepAliveMs: number): void {
  server.keepAliveTimeout = serviceKeepAliveMs;
  server.headersTimeout = serviceKeepAliveMs + 1_000;
}
