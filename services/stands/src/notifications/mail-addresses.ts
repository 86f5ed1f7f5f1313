import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/** At most one request to confirm an address per this span (the mailer holds the same line). */
const CONFIRMATION_REQUEST_SPAN = '24 hours';

/** 128 bits, URL-safe, like the opt-out and manage tokens: the link is the only credential. */
export const CONFIRMATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Which addresses may be mailed (issue 29: mail only those who asked). A guest's address may, once
 * its owner followed the link of a confirmation request; it stays confirmed for good. A user's
 * account address may always: the identity provider gave it. Everything runs in the caller's
 * transaction `m`.
 */
export const MailAddresses = {
  /** Confirmed by its owner, or the address of an account. */
  async mayMail(m: EntityManager, address: string): Promise<boolean> {
    const rows = (await m.query(
      `SELECT 1 FROM "mail_addresses" WHERE "address" = lower($1) AND "confirmed_at" IS NOT NULL
       UNION ALL SELECT 1 FROM "user_names" WHERE lower("email") = lower($1) AND NOT "deleted"
       LIMIT 1`,
      [address],
    )) as unknown[];
    return rows.length > 0;
  },

  /**
   * A new token for a confirmation request, or null when one was requested for this address within
   * the last 24 hours (that request's link still works). Only the token's hash is kept.
   */
  async newConfirmationToken(m: EntityManager, address: string): Promise<string | null> {
    const [claimed] = (await m.query(
      `INSERT INTO "mail_addresses" AS a ("address", "confirmation_requested_at") VALUES (lower($1), now())
       ON CONFLICT ("address") DO UPDATE SET "confirmation_requested_at" = now()
         WHERE a."confirmation_requested_at" IS NULL OR a."confirmation_requested_at" < now() - interval '${CONFIRMATION_REQUEST_SPAN}'
       RETURNING "address"`,
      [address],
    )) as { address: string }[];
    if (!claimed) return null;
    const token = randomBytes(16).toString('base64url');
    await m.query(`INSERT INTO "mail_confirmation_tokens" ("token_hash", "address") VALUES ($1, $2)`, [hashOf(token), claimed.address]);
    return token;
  },

  /**
   * Confirms the address behind a token (again: nothing changes). Answers the address and whether it
   * was confirmed only now, or null for an unknown or malformed token. Locks the address's row, so
   * two clicks at once confirm (and release the held mails) once.
   */
  async confirm(m: EntityManager, token: string): Promise<{ address: string; newly: boolean } | null> {
    if (!CONFIRMATION_TOKEN_PATTERN.test(token)) return null;
    const [row] = (await m.query(
      `SELECT a."address", a."confirmed_at" FROM "mail_confirmation_tokens" t
       JOIN "mail_addresses" a ON a."address" = t."address" WHERE t."token_hash" = $1 FOR UPDATE OF a`,
      [hashOf(token)],
    )) as { address: string; confirmed_at: Date | null }[];
    if (!row) return null;
    if (row.confirmed_at) return { address: row.address, newly: false };
    await m.query(`UPDATE "mail_addresses" SET "confirmed_at" = now() WHERE "address" = $1`, [row.address]);
    return { address: row.address, newly: true };
  },
};
