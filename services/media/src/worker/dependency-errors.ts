import { isStorageUnavailable } from '../storage/storage-errors.js';

/** Connection failures of PostgreSQL (network codes and the server's "going away" SQLSTATEs). */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string }; message?: string } | null;
  if (!e) return false;
  if (DATABASE_DOWN.has(e.code ?? '') || DATABASE_DOWN.has(e.driverError?.code ?? '')) return true;
  return /Connection terminated|timeout exceeded when trying to connect/i.test(e.message ?? '');
}

/**
 * A failure that says "not now" about something the job needs (object store, database), not
 * about the photo. Such a job waits and tries again without using up its attempts:
 * an outage delays photos, it never loses them.
 */
export function isDependencyDown(err: unknown): boolean {
  return isStorageUnavailable(err) || isDatabaseUnavailable(err);
}
