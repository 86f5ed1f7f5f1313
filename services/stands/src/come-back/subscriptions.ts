import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ALERTS_MAX_PER_USER,
  COME_BACK_MESSAGES,
  FOLLOWS_MAX_PER_USER,
  isId,
  sameAlert,
  type TAlert,
  type TAlertCreate,
  type TFollows,
} from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { searchTsquery } from '../item-search/search-terms.js';
import { mailsOffSql, resumeMails } from './mails-off.js';

type AlertRow = {
  id: string;
  latitude: number;
  longitude: number;
  radius_km: number;
  label: string | null;
  categories: string[];
  query: string | null;
  created_at: Date;
  mails_off: boolean;
};

/** An alert's columns as its owner reads them, with whether its mails are off (`a`: the alerts row). */
const ALERT_COLUMNS = `a.*, ${mailsOffSql('alert', 'a."id"', 'a."user_id"')} AS "mails_off"`;

const toAlert = (row: AlertRow): TAlert => ({
  id: row.id,
  lat: Number(row.latitude),
  lng: Number(row.longitude),
  radiusKm: Number(row.radius_km),
  label: row.label,
  categories: row.categories as TAlert['categories'],
  query: row.query,
  createdAt: new Date(row.created_at).toISOString(),
  mailsOff: row.mails_off,
});

/** A path's id as stored; a malformed one names nothing that exists: 404 with `notFound`, as an unknown one (the contract's order of checks). */
function validId(raw: string, notFound: string): string {
  if (!isId(raw)) throw fail.notFound(notFound);
  return raw.toLowerCase();
}

/**
 * A user's follows of organisers and their Flohmarkt-Alarme (issue 34): only ever the caller's own
 * (the user id comes from the session), each write under the user's lock with its limit, so two at
 * once cannot pass it, and an alert saved again is the one already there. Matches and mails:
 * come-back-news.ts, come-back-mails.ts, wish-mails.ts (a wish alert's items).
 */
@Injectable()
export class ComeBackSubscriptions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async follows(userId: string): Promise<TFollows> {
    const rows = (await this.dataSource.query(
      `SELECT f."organizer_id", ${mailsOffSql('follow', 'f."id"', 'f."user_id"')} AS "mails_off" FROM "follows" f
       WHERE f."user_id" = $1 ORDER BY f."created_at" DESC, f."organizer_id"`,
      [userId],
    )) as { organizer_id: string; mails_off: boolean }[];
    return { organizers: rows.map((r) => r.organizer_id), mailsOff: rows.filter((r) => r.mails_off).map((r) => r.organizer_id) };
  }

  /** 404 (malformed id, or not followed) → the follow's mails on again (also when they were not off). */
  async resumeFollowMails(userId: string, rawOrganizerId: string): Promise<void> {
    const organizerId = validId(rawOrganizerId, COME_BACK_MESSAGES.followNotFound);
    const [follow] = (await this.dataSource.query(`SELECT "id" FROM "follows" WHERE "user_id" = $1 AND "organizer_id" = $2`, [userId, organizerId])) as {
      id: string;
    }[];
    if (!follow) throw fail.notFound(COME_BACK_MESSAGES.followNotFound);
    await resumeMails(this.dataSource, 'follow', follow.id, userId);
  }

  /** 404 (malformed id) → 400 (oneself) → 404 (no such user) → 400 (too many) → kept, again and again the same. */
  async follow(userId: string, rawOrganizerId: string): Promise<void> {
    const organizerId = validId(rawOrganizerId, COME_BACK_MESSAGES.organizerNotFound);
    if (organizerId === userId) throw fail.invalid(COME_BACK_MESSAGES.followSelf);
    const [known] = (await this.dataSource.query(`SELECT 1 FROM "user_names" WHERE "user_id" = $1 AND NOT "deleted"`, [organizerId])) as unknown[];
    if (!known) throw fail.notFound(COME_BACK_MESSAGES.organizerNotFound);
    const kept = (await this.oneAtATime(userId, (m) =>
      m.query(
        `INSERT INTO "follows" ("user_id", "organizer_id")
       SELECT $1, $2 WHERE (SELECT count(*) FROM "follows" WHERE "user_id" = $1) < $3
       ON CONFLICT ("user_id", "organizer_id") DO UPDATE SET "organizer_id" = excluded."organizer_id"
       RETURNING 1`,
        [userId, organizerId, FOLLOWS_MAX_PER_USER],
      ),
    )) as unknown[];
    if (!kept.length) throw fail.invalid(COME_BACK_MESSAGES.tooManyFollows);
  }

  /** Ends the follow and what it still had to tell (also when there was none). */
  async unfollow(userId: string, rawOrganizerId: string): Promise<void> {
    const organizerId = validId(rawOrganizerId, COME_BACK_MESSAGES.organizerNotFound);
    await this.dataSource.transaction(async (m) => {
      const [gone] = (await m.query(`DELETE FROM "follows" WHERE "user_id" = $1 AND "organizer_id" = $2 RETURNING "id"`, [userId, organizerId])) as [
        { id: string }[],
        number,
      ];
      for (const { id } of gone) await forgetSubscription(m, id);
    });
  }

  async alerts(userId: string): Promise<TAlert[]> {
    const rows = (await this.dataSource.query(`SELECT ${ALERT_COLUMNS} FROM "alerts" a WHERE a."user_id" = $1 ORDER BY a."created_at" DESC, a."id"`, [
      userId,
    ])) as AlertRow[];
    return rows.map(toAlert);
  }

  /**
   * 400 (words with nothing to search for) → the user's alert that is the same (sameAlert: words,
   * categories, point and radius), kept as it is → 400 beyond ALERTS_MAX_PER_USER (checked in the
   * insert itself) → the new alert; with `query` a wish alert, its tsquery stored beside the words.
   * The same alert saved twice (a reload, a second tab, a retry without key) would mail everything twice.
   */
  async createAlert(userId: string, input: TAlertCreate): Promise<TAlert> {
    const query = input.query ?? null;
    const tsquery = query === null ? null : await this.wishTsquery(query);
    const categories = input.categories ?? [];
    const row = await this.oneAtATime(userId, async (m) => {
      // Under the user's lock: two identical saves at once find each other's row, never both nothing.
      const mine = (await m.query(`SELECT ${ALERT_COLUMNS} FROM "alerts" a WHERE a."user_id" = $1 ORDER BY a."created_at", a."id"`, [userId])) as AlertRow[];
      const same = mine.find((a) => sameAlert(toAlert(a), { ...input, query, categories }));
      if (same) return same;
      const [created] = (await m.query(
        `INSERT INTO "alerts" ("user_id", "latitude", "longitude", "radius_km", "label", "categories", "query", "query_tsquery")
       SELECT $1, $2, $3, $4, $5, $6, $8, $9::tsquery WHERE (SELECT count(*) FROM "alerts" WHERE "user_id" = $1) < $7
       RETURNING *, false AS "mails_off"`,
        [userId, input.lat, input.lng, input.radiusKm, input.label ?? null, categories, ALERTS_MAX_PER_USER, query, tsquery],
      )) as AlertRow[];
      return created;
    });
    if (!row) throw fail.invalid(COME_BACK_MESSAGES.tooManyAlerts);
    return toAlert(row);
  }

  /**
   * One user's new follows and alerts one at a time: the limit is counted in the insert itself, and
   * parallel inserts would each count without the others' rows (100 at once kept 11 alerts of 10).
   */
  private oneAtATime<T>(userId: string, write: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('stands-subscriptions:' || $1))`, [userId]);
      return write(m);
    });
  }

  /**
   * The words as the item search reads them (search-terms.ts: German stems, a typo corrected to the
   * words items hold now), or also as written: an alert waits for items not listed yet, so a word
   * the vocabulary lacks today, corrected to a neighbour, must still match when it is listed.
   */
  private async wishTsquery(query: string): Promise<string> {
    const searched = await searchTsquery(this.dataSource.manager, query);
    if (!searched) throw fail.invalid(COME_BACK_MESSAGES.alertQueryInvalid);
    const [{ tsquery }] = (await this.dataSource.query(
      `SELECT (CASE WHEN numnode(w) = 0 OR w = $1::tsquery THEN $1::tsquery ELSE $1::tsquery || w END)::text AS "tsquery"
       FROM plainto_tsquery('german', $2) AS w`,
      [searched, query],
    )) as { tsquery: string }[];
    return tsquery;
  }

  /** 400 (malformed id) → 404 (unknown, or someone else's: the same answer) → gone with what it still had to tell. */
  async removeAlert(userId: string, rawId: string): Promise<void> {
    const id = validId(rawId, COME_BACK_MESSAGES.alertNotFound);
    await this.dataSource.transaction(async (m) => {
      const [gone] = (await m.query(`DELETE FROM "alerts" WHERE "id" = $1 AND "user_id" = $2 RETURNING "id"`, [id, userId])) as [{ id: string }[], number];
      if (!gone.length) throw fail.notFound(COME_BACK_MESSAGES.alertNotFound);
      await forgetSubscription(m, id);
    });
  }

  /** 404 (malformed id, unknown, or someone else's) → the alert's mails on again (also when they were not off). */
  async resumeAlertMails(userId: string, rawId: string): Promise<void> {
    const id = validId(rawId, COME_BACK_MESSAGES.alertNotFound);
    const [mine] = (await this.dataSource.query(`SELECT 1 FROM "alerts" WHERE "id" = $1 AND "user_id" = $2`, [id, userId])) as unknown[];
    if (!mine) throw fail.notFound(COME_BACK_MESSAGES.alertNotFound);
    await resumeMails(this.dataSource, 'alert', id, userId);
  }

  /** UserDeleted: their follows and alerts, and every follow of them as an organiser. Idempotent. */
  async forgetUser(userId: string): Promise<void> {
    if (!isId(userId)) return;
    await this.dataSource.transaction(async (m) => {
      const [follows] = (await m.query(`DELETE FROM "follows" WHERE "user_id" = $1 OR "organizer_id" = $1 RETURNING "id"`, [userId])) as [
        { id: string }[],
        number,
      ];
      const [alerts] = (await m.query(`DELETE FROM "alerts" WHERE "user_id" = $1 RETURNING "id"`, [userId])) as [{ id: string }[], number];
      for (const { id } of [...follows, ...alerts]) await forgetSubscription(m, id);
    });
  }
}

async function forgetSubscription(m: { query: DataSource['query'] }, id: string): Promise<void> {
  await m.query(`DELETE FROM "come_back_news" WHERE "subscription_id" = $1`, [id]);
  await m.query(`DELETE FROM "come_back_mails" WHERE "subscription_id" = $1`, [id]);
  await m.query(`DELETE FROM "come_back_told" WHERE "subscription_id" = $1`, [id]);
  await m.query(`DELETE FROM "wish_news" WHERE "alert_id" = $1`, [id]);
  await m.query(`DELETE FROM "wish_told" WHERE "alert_id" = $1`, [id]);
}
