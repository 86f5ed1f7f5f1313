import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GUEST_MANAGE_PATH, ZGuestManageToken, type TStandStatus } from '@flohmarkt/contracts';

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

/** What tells whether a token opens a stand: its stored hash (null: not a guest's stand) and whether it is withdrawn. */
export interface GuestStandKey {
  manageTokenHash: string | null;
  status: TStandStatus;
}

/**
 * Whether the token a guest sent (X-Manage-Token) is this stand's: compared in constant time, as a
 * hash (the table keeps only that). A withdrawn stand's link is spent, like on the manage page. It
 * opens what the guest may do without an account: their items, holds and photos (never the stand's
 * own fields: a guest's registration is the organiser's to change).
 */
export function guestHolds(stand: GuestStandKey, rawToken: string | undefined): boolean {
  if (stand.manageTokenHash === null || stand.status === 'withdrawn') return false;
  const hash = manageTokenHash(rawToken);
  if (hash === null) return false;
  const given = Buffer.from(hash, 'hex');
  const stored = Buffer.from(stand.manageTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The page the guest opens: `<PUBLIC_URL>/anmeldung/<token>`. */
export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${GUEST_MANAGE_PATH}/${token}`;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
