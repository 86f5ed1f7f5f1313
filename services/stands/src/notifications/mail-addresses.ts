import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { mailboxKey } from '@flohmarkt/server-kit';
import type { StandEntity } from '../stands/stand.entity.js';

/**
 * At most this many requests to confirm go to one mailbox (server-kit's mailboxKey: `a+1@` and `a+2@`
 * are one) per 24 h: enough for a guest who registers at two or three markets in a day, few enough
 * that nobody can fill a stranger's mailbox with them. The mailer holds the same line
 * (MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY).
 */
export const CONFIRMATION_REQUESTS_PER_DAY = 3;
const CONFIRMATION_REQUEST_SPAN = '24 hours';

/** 128 bits, URL-safe, like the opt-out and manage tokens: the link is the only credential. */
export const CONFIRMATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

type GuestStand = Pick<StandEntity, 'id' | 'exhibitorId' | 'guestEmail'>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Which guest addresses may be mailed (issue 29 and the security review after it: mail only those
 * who asked). A guest confirms each registration with the link of its own confirmation request;
 * until then the registration's address gets nothing about it. Neither an account with the same
 * address nor an earlier registration its owner confirmed stands in for that: whoever types an
 * address must not send its owner their own words. Everything runs in the caller's transaction `m`.
 */
export const MailAddresses = {
  /**
   * The guest registration waits for its owner's confirmation: nothing but the request goes to its
   * address until they follow the link (confirm). Done by every guest registration with an address.
   */
  async awaitConfirmation(m: EntityManager, standId: string): Promise<void> {
    await m.query(`INSERT INTO "unconfirmed_guest_stands" ("stand_id") VALUES ($1) ON CONFLICT DO NOTHING`, [standId]);
  },

  /**
   * Whether mail about this guest stand may go to its address: the stand's own registration was
   * confirmed by the address's owner. (A stand that never went through registration, and so never
   * waited for a confirmation, needs its address confirmed by a link of another registration.)
   * A registered seller's stand is not asked here: its mail goes to the account's address.
   */
  async guestStandConfirmed(m: EntityManager, stand: GuestStand): Promise<boolean> {
    return (await MailAddresses.confirmedGuestStands(m, [stand])).has(stand.id);
  },

  /** The ids of those of `stands` that `guestStandConfirmed` would answer true for, in one statement (a market's whole list). */
  async confirmedGuestStands(m: EntityManager, stands: GuestStand[]): Promise<Set<string>> {
    const guests = stands.filter((stand) => !stand.exhibitorId && stand.guestEmail);
    if (guests.length === 0) return new Set();
    const rows = (await m.query(
      `SELECT g."id" FROM unnest($1::uuid[], $2::text[]) AS g("id", "address")
        WHERE NOT EXISTS (SELECT 1 FROM "unconfirmed_guest_stands" u WHERE u."stand_id" = g."id")
          AND EXISTS (SELECT 1 FROM "mail_addresses" a WHERE a."address" = lower(g."address") AND a."confirmed_at" IS NOT NULL)`,
      [guests.map((stand) => stand.id), guests.map((stand) => stand.guestEmail)],
    )) as { id: string }[];
    return new Set(rows.map((row) => row.id));
  },

  /**
   * A new token for the request to confirm this registration, or null when its mailbox had
   * CONFIRMATION_REQUESTS_PER_DAY requests in the last 24 hours (the registration then stays
   * unconfirmed; its manage link was on the guest's screen). Requests for one mailbox queue behind
   * each other (a transaction-scoped lock), so registrations at once never pass the limit together.
   * Only the token's hash is kept.
   */
  async newConfirmationToken(m: EntityManager, standId: string, address: string): Promise<string | null> {
    const mailbox = mailboxKey(address);
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('mail-confirmation:' || $1, 0))`, [mailbox]);
    const [{ count }] = (await m.query(
      `SELECT count(*)::int AS "count" FROM "mail_confirmation_tokens" WHERE "mailbox" = $1 AND "created_at" > now() - interval '${CONFIRMATION_REQUEST_SPAN}'`,
      [mailbox],
    )) as { count: number }[];
    if (count >= CONFIRMATION_REQUESTS_PER_DAY) return null;
    const token = randomBytes(16).toString('base64url');
    await m.query(`INSERT INTO "mail_confirmation_tokens" ("token_hash", "address", "stand_id", "mailbox") VALUES ($1, lower($2), $3, $4)`, [
      hashOf(token),
      address,
      standId,
      mailbox,
    ]);
    return token;
  },

  /**
   * Confirms the registration behind a token (again: nothing changes) and notes its address as one
   * whose owner confirmed. Answers the stand and whether it was confirmed only now, or null for an
   * unknown or malformed token. Two clicks at once meet at the registration's row: one confirms
   * (and releases what was held back), the other finds it done.
   */
  async confirm(m: EntityManager, token: string): Promise<{ standId: string; newly: boolean } | null> {
    if (!CONFIRMATION_TOKEN_PATTERN.test(token)) return null;
    const [row] = (await m.query(`SELECT "stand_id", "address" FROM "mail_confirmation_tokens" WHERE "token_hash" = $1`, [hashOf(token)])) as {
      stand_id: string;
      address: string;
    }[];
    if (!row) return null;
    const [waiting] = (await m.query(`DELETE FROM "unconfirmed_guest_stands" WHERE "stand_id" = $1 RETURNING "stand_id"`, [row.stand_id])) as [
      unknown[],
      number,
    ];
    await m.query(
      `INSERT INTO "mail_addresses" AS a ("address", "confirmed_at") VALUES ($1, now())
       ON CONFLICT ("address") DO UPDATE SET "confirmed_at" = coalesce(a."confirmed_at", now())`,
      [row.address],
    );
    return { standId: row.stand_id, newly: waiting.length > 0 };
  },
};
