import { createHash, randomBytes } from 'node:crypto';

/*
 * The token of a "Bist du dabei?" link (`/dabei/{token}`): whoever holds the mail answers for that
 * one stand, without signing in. 128 bits, URL-safe; only its SHA-256 is stored, so a database leak
 * answers for nobody.
 */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const confirmationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token and the hash to store. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, hash: confirmationTokenHash(token) };
}

/** Whether a path's token could be one at all: anything else is a 404 without a database read. */
export function isConfirmationToken(given: unknown): given is string {
  return typeof given === 'string' && TOKEN_PATTERN.test(given);
}
