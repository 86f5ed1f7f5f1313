import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { API_ERRORS, type TMailOptOutScope } from '@flohmarkt/contracts';
import { fail, mailOptOutUrls } from '@flohmarkt/server-kit';

/** What a notification mail can be switched off for (contracts: MAIL_OPT_OUT_SCOPES). */
export type TOptOutScope = TMailOptOutScope;

export interface OptOutSubject {
  address: string;
  scope: TOptOutScope;
  /**
   * The event of a digest, the follow's or alert's id (scopes 'follow', 'alert'), or the inviting
   * organiser's user id (scope 'invitations'); null for the address's whole scope.
   */
  eventId: string | null;
}

/** A notification mail's opt-out links, as MailToSend takes them. */
export type MailOptOutLinks = ReturnType<typeof mailOptOutUrls>;

/** 128 bits, URL-safe: the link is the only credential (no sign-in needed to opt out). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Opt-outs of notification mails. Each address, scope and event has one token, created with the
 * first mail that carries it, so every later mail of that kind links to the same switch. Opting
 * out is idempotent and needs nothing but the token.
 */
@Injectable()
export class MailOptOuts {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The subject's token (made on first use) and whether the person has opted out. */
  async tokenFor(m: EntityManager, subject: OptOutSubject): Promise<{ token: string; optedOut: boolean }> {
    const params = [subject.address, subject.scope, subject.eventId];
    await m.query(
      `INSERT INTO "mail_opt_outs" ("token", "address", "scope", "event_id") VALUES ($4, $1, $2, $3)
       ON CONFLICT ("address", "scope", COALESCE("event_id", '00000000-0000-0000-0000-000000000000')) DO NOTHING`,
      [...params, randomBytes(16).toString('base64url')],
    );
    const [row] = (await m.query(
      `SELECT "token", "opted_out_at" IS NOT NULL AS "optedOut" FROM "mail_opt_outs" WHERE "address" = $1 AND "scope" = $2 AND "event_id" IS NOT DISTINCT FROM $3`,
      params,
    )) as { token: string; optedOut: boolean }[];
    return row;
  }

  /**
   * The one-click opt-out links (List-Unsubscribe and the footer's page on `publicUrl`) a mail to the
   * subject carries, or null when its address switched this mail off. Every notification asks here
   * before it is sent: none goes to an address that opted out, and none goes without its way out.
   */
  async linksUnlessOptedOut(m: EntityManager, subject: OptOutSubject, publicUrl: string): Promise<MailOptOutLinks | null> {
    const { token, optedOut } = await this.tokenFor(m, subject);
    return optedOut ? null : mailOptOutUrls(publicUrl, token);
  }

  /** The switch behind a token; 404 for an unknown or malformed one. */
  async find(token: string): Promise<OptOutSubject & { optedOut: boolean }> {
    const [row] = TOKEN_PATTERN.test(token)
      ? ((await this.dataSource.query(
          `SELECT "address", "scope", "event_id" AS "eventId", "opted_out_at" IS NOT NULL AS "optedOut" FROM "mail_opt_outs" WHERE "token" = $1`,
          [token],
        )) as (OptOutSubject & { optedOut: boolean })[])
      : [];
    if (!row) throw fail.notFound(API_ERRORS.mailOptOutNotFound);
    return row;
  }

  /** Switches the notices off; a second call changes nothing. */
  async optOut(token: string): Promise<OptOutSubject & { optedOut: boolean }> {
    const subject = await this.find(token);
    await this.dataSource.query(`UPDATE "mail_opt_outs" SET "opted_out_at" = COALESCE("opted_out_at", now()) WHERE "token" = $1`, [token]);
    return { ...subject, optedOut: true };
  }

  /** Switches the notices on again (an opt-out taken back); a second call changes nothing. */
  async optBackIn(token: string): Promise<OptOutSubject & { optedOut: boolean }> {
    const subject = await this.find(token);
    await this.dataSource.query(`UPDATE "mail_opt_outs" SET "opted_out_at" = NULL WHERE "token" = $1`, [token]);
    return { ...subject, optedOut: false };
  }
}
