import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The token of the seller's mail link (`/holds/{id}?token=…`): whoever holds the mail may read and
 * decide that one hold, without signing in. 128 bits, URL-safe; the table keeps only its SHA-256,
 * so a database leak decides no hold.
 */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token and the hash to store. */
export function newHoldToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, hash: hashOf(token) };
}

/** Whether `given` is the token behind `storedHash`: compared as hashes, in constant time; anything malformed is not. */
export function holdTokenMatches(storedHash: string, given: unknown): boolean {
  if (typeof given !== 'string' || !TOKEN_PATTERN.test(given)) return false;
  const a = Buffer.from(hashOf(given), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
