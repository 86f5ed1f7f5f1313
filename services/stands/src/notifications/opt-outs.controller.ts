import { Controller, HttpCode, Param } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { GET_MAIL_OPT_OUT, OPT_BACK_IN_TO_MAIL, OPT_OUT_OF_MAIL, type TMailOptOut } from '@flohmarkt/contracts';
import { PublicRoute } from '@flohmarkt/server-kit';
import { loadNoticeEvent } from './notice-event.js';
import { MailOptOuts, type OptOutSubject } from './opt-outs.js';

/**
 * The opt-out link of notification mails. No sign-in: the token is the credential. POST is the
 * one-click opt-out (RFC 8058) a mail program sends to the List-Unsubscribe address, and what the
 * web page /abmelden/{token} sends from its button; a second POST changes nothing. DELETE takes it
 * back (the page's "Doch wieder erhalten"), which no link scanner or mail program sends.
 */
@Controller()
export class OptOutsController {
  constructor(
    private readonly optOuts: MailOptOuts,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @PublicRoute(GET_MAIL_OPT_OUT)
  async show(@Param('token') token: string): Promise<TMailOptOut> {
    return this.answer(await this.optOuts.find(token));
  }

  @PublicRoute(OPT_OUT_OF_MAIL)
  @HttpCode(200)
  async optOut(@Param('token') token: string): Promise<TMailOptOut> {
    return this.answer(await this.optOuts.optOut(token));
  }

  @PublicRoute(OPT_BACK_IN_TO_MAIL)
  @HttpCode(200)
  async optBackIn(@Param('token') token: string): Promise<TMailOptOut> {
    return this.answer(await this.optOuts.optBackIn(token));
  }

  private async answer(subject: OptOutSubject & { optedOut: boolean }): Promise<TMailOptOut> {
    const answer = { scope: subject.scope, eventName: await this.nameOf(subject), unsubscribed: subject.optedOut };
    return subject.scope === 'alert' ? { ...answer, alert: await this.alertOf(subject) } : answer;
  }

  /** An alert's words and radius beside its place (issue 34): the page names it as Einstellungen lists it, „Suchauftrag „…“ · 10 km um …“. */
  private async alertOf(subject: OptOutSubject): Promise<TMailOptOut['alert']> {
    if (!subject.eventId) return null;
    const [row] = (await this.dataSource.query(`SELECT "query", "radius_km" FROM "alerts" WHERE "id" = $1`, [subject.eventId])) as {
      query: string | null;
      radius_km: number;
    }[];
    return row ? { query: row.query, radiusKm: Number(row.radius_km) } : null;
  }

  /** What the switch is about, by name: the digest's event, the followed organiser, the alert's place, the inviting organiser (issue 34). */
  private async nameOf(subject: OptOutSubject): Promise<string | null> {
    if (!subject.eventId) return null;
    if (subject.scope === 'follow') {
      const [row] = (await this.dataSource.query(
        `SELECT concat_ws(' ', u."first_name", u."last_name") AS "name" FROM "follows" f JOIN "user_names" u ON u."user_id" = f."organizer_id" WHERE f."id" = $1`,
        [subject.eventId],
      )) as { name: string }[];
      return row?.name || null;
    }
    if (subject.scope === 'invitations') {
      const [row] = (await this.dataSource.query(
        `SELECT concat_ws(' ', "first_name", "last_name") AS "name" FROM "user_names" WHERE "user_id" = $1 AND NOT "deleted"`,
        [subject.eventId],
      )) as { name: string }[];
      return row?.name || null;
    }
    if (subject.scope === 'alert') {
      const [row] = (await this.dataSource.query(`SELECT "label" FROM "alerts" WHERE "id" = $1`, [subject.eventId])) as { label: string | null }[];
      return row?.label ?? null;
    }
    return (await loadNoticeEvent(this.dataSource.manager, subject.eventId))?.name ?? null;
  }
}
