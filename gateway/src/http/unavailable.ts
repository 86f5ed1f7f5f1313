import { DomainError, ServiceUnavailableError } from '@flohmarkt/server-kit';

/** A dependency (a service or Redis) is away: the caller gets a clean 503, never a hang or a 500. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof ServiceUnavailableError) return true;
  if (err instanceof DomainError && err.code === 'UNAVAILABLE') return true;
  const text = `${(err as Error)?.name ?? ''} ${(err as Error)?.message ?? ''}`;
  return /ClientClosedError|ConnectionTimeoutError|client is closed|offline queue|ECONNREFUSED|Socket closed/i.test(text);
}
