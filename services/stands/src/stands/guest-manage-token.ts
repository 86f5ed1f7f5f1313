import { createHash, randomBytes } from 'node:crypto';
import { GUEST_MANAGE_PATH, ZGuestManageToken } from '@flohmarkt/contracts';

/*
 * A guest's manage link is the only key to their stand: 128 random bits, base64url in the link,
 * and only its SHA-256 in the database. A fast hash is enough here: the token is random and long,
 * so nothing is gained by guessing from the hash, and a lookup stays one indexed equality.
 */

export interface ManageToken {
  /** Goes to the guest once (the answer to the registration, the confirmation mail). */
  token: string;
  /** What the stands table keeps. */
  hash: string;
}

export function newManageToken(): ManageToken {
  const token = randomBytes(16).toString('base64url');
  return { token, hash: hashOf(token) };
}

/** The stored hash for a token from a path, or null when it cannot be a token at all (answered as unknown). */
export function manageTokenHash(raw: string | undefined): string | null {
  const parsed = ZGuestManageToken.safeParse(raw);
  return parsed.success ? hashOf(parsed.data) : null;
}

/** The page the guest opens: `<PUBLIC_URL>/anmeldung/<token>`. */
export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${GUEST_MANAGE_PATH}/${token}`;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
