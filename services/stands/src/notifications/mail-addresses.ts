import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { mailboxKey } from '@flohmarkt/server-kit';
import type { StandEntity } from '../stands/stand.entity.js';

/**
 * At most one request to confirm goes to a mailbox (server-kit's mailboxKey: `a+1@` and `a+2@` are
 * one) per 24 h, as the wire contract says; a registration made meanwhile waits for that request's
 * link, which confirms the address and so releases every registration made with it. The mailer
 * holds the same line (MAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY).
 */
export const CONFIRMATION_REQUESTS_PER_DAY = 1;
const CONFIRMATION_REQUEST_SPAN = '24 hours';

/** 128 bits, URL-safe, like the opt-out and manage tokens: the link is the only credential. */
export const CONFIRMATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

type GuestStand = Pick<StandEntity, 'id' | 'exhibitorId' | 'guestEmail'>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Which guest addresses may be mailed (issue 29: mail only those who asked). An address may once its
 * owner followed the link of a confirmation request, and stays confirmed for good (the next market
 * needs no new request); an account's address may, since its identity provider verified it. What
 * reaches such an address about a registration someone else made carries none of their words but a
 * greeting that reads as a name (notice-texts.ts `hello`). Everything runs in the caller's transaction `m`.
 */
export const MailAddresses = {
  /** The ids of those of `stands` whose guest address may be mailed, in one statement (a market's whole list). */
  async confirmedGuestStands(m: EntityManager, stands: GuestStand[]): Promise<Set<string>> {
    const guests = stands.filter((stand) => !stand.exhibitorId && stand.guestEmail);
    if (guests.length === 0) return new Set();
    const rows = (await m.query(
      `SELECT g."id" FROM unnest($1::uuid[], $2::text[]) AS g("id", "address")
        WHERE EXISTS (SELECT 1 FROM "mail_addresses" a WHERE a."address" = lower(g."address") AND a."confirmed_at" IS NOT NULL)
           OR EXISTS (SELECT 1 FROM "user_names" u WHERE lower(u."email") = lower(g."address") AND NOT u."deleted")`,
      [guests.map((stand) => stand.id), guests.map((stand) => stand.guestEmail)],
    )) as { id: string }[];
    return new Set(rows.map((row) => row.id));
  },

  /** Whether mail about this guest stand may go to its address (`confirmedGuestStands` for one). */
  async guestStandConfirmed(m: EntityManager, stand: GuestStand): Promise<boolean> {
    return (await MailAddresses.confirmedGuestStands(m, [stand])).has(stand.id);
  },

  /**
   * Holds the mailbox's lock until the transaction ends. A registration takes it before asking whether
   * its address is confirmed, and a confirmation before releasing what was held back, so one that
   * commits while the other runs is seen by it: no receipt is held back after its address's link
   * was followed. Requests for confirmation queue behind it too.
   */
  async lockMailbox(m: EntityManager, address: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('mail-confirmation:' || $1, 0))`, [mailboxKey(address)]);
  },

  /**
   * A new token for the request to confirm the address of this registration, or null when its
   * mailbox was asked within the last 24 hours (that request's link releases this registration
   * too). Requests for one mailbox queue behind each other (`lockMailbox`), so registrations at once
   * never ask twice. Only the token's hash is kept.
   */
  async newConfirmationToken(m: EntityManager, standId: string, address: string): Promise<string | null> {
    const mailbox = mailboxKey(address);
    await MailAddresses.lockMailbox(m, address);
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
   * Confirms the address behind a token (again: nothing changes). Answers the address and whether it
   * was confirmed only now, or null for an unknown or malformed token. The address's row is locked,
   * so two clicks at once confirm (and release what was held back) once.
   */
  async confirm(m: EntityManager, token: string): Promise<{ address: string; newly: boolean } | null> {
    if (!CONFIRMATION_TOKEN_PATTERN.test(token)) return null;
    const [row] = (await m.query(`SELECT "address" FROM "mail_confirmation_tokens" WHERE "token_hash" = $1`, [hashOf(token)])) as { address: string }[];
    if (!row) return null;
    await MailAddresses.lockMailbox(m, row.address);
    await m.query(`INSERT INTO "mail_addresses" ("address") VALUES ($1) ON CONFLICT ("address") DO NOTHING`, [row.address]);
    const [[newly]] = (await m.query(`UPDATE "mail_addresses" SET "confirmed_at" = now() WHERE "address" = $1 AND "confirmed_at" IS NULL RETURNING "address"`, [
      row.address,
    ])) as [unknown[], number];
    return { address: row.address, newly: newly !== undefined };
  },
};
