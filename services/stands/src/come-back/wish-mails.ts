import { In, type DataSource, type EntityManager } from 'typeorm';
import { formatItemPrice, formatLongDate, standTitle, type TMailKind } from '@flohmarkt/contracts';
import type { StandPresenter } from '../stands/stand-presenter.js';
import { StandEntity } from '../stands/stand.entity.js';
import { COME_BACK_TEXTS as T } from './come-back-texts.js';
import { dueSubscriptions } from './mail-rhythm.js';

/** At most this many items in one mail; the rest are counted ("… und 3 weitere Angebote"). */
const ITEMS_PER_MAIL_MAX = 20;

export interface WishAlert {
  id: string;
  userId: string;
  radiusKm: number;
  label: string | null;
  query: string;
}

interface NewsItem {
  id: string;
  title: string;
  price_kind: 'fixed' | 'negotiable' | 'free';
  price_cents: number | null;
  stand_id: string;
  event_name: string;
  start: Date;
}

/** A wish alert's mail as come-back-mails.ts sends it (greeting, opt-out and the day's mark are its). */
export interface WishLetter {
  alert: WishAlert;
  itemIds: string[];
  content: { subject: string; kind: TMailKind; heading: string; paragraphs: string[]; list: string[]; action: { label: string; url: string }; footer: string };
}

/**
 * The wish alerts' mails (issue 35): the items their triggers recorded in `wish_news` (migration
 * WishAlerts), in the come-back mails' rhythm and under their lock (come-back-mails.ts). Only what
 * still holds when the mail goes is told: the item listed and not sold, its words still matching (a
 * title edited meanwhile), its stand approved and in the circle, its market planned, not ended, not
 * deleted. Each stand is named as its public read names it (StandPresenter), never by a hidden
 * house number; the link is the stand's page.
 */
export class WishMails {
  constructor(
    private readonly dataSource: DataSource,
    private readonly presenter: StandPresenter,
    private readonly publicUrl: string,
  ) {}

  /** The wish alerts whose mail is due (mail-rhythm.ts). */
  due(now: Date, gatherS: number): Promise<string[]> {
    return dueSubscriptions(this.dataSource, { table: 'wish_news', subscription: 'alert_id' }, now, gatherS);
  }

  /** Takes the alert's news (inside the caller's locked transaction) and writes its mail; null when nothing is left to tell. */
  async letter(m: EntityManager, alertId: string, now: Date): Promise<WishLetter | null> {
    const [taken] = (await m.query(`DELETE FROM "wish_news" WHERE "alert_id" = $1 RETURNING "item_id"`, [alertId])) as [{ item_id: string }[], number];
    const alert = await this.alert(m, alertId);
    if (!alert || !taken.length) return null;
    const items = await this.itemsToTell(
      m,
      alertId,
      taken.map((t) => t.item_id),
      now,
    );
    if (!items.length) return null;
    const shown = items.slice(0, ITEMS_PER_MAIL_MAX);
    const place = alert.label ?? T.yourPlace;
    const more = items.length - shown.length;
    return {
      alert,
      itemIds: items.map((item) => item.id),
      content: {
        subject: T.wishSubject(alert.query),
        kind: 'wish-news',
        heading: T.wishHeading,
        paragraphs: [T.wish(alert.query, alert.radiusKm, place), ...(more > 0 ? [T.wishMore(more)] : [])],
        list: await this.lines(shown),
        action: { label: T.wishSettingsAction, url: `${this.base}/settings` },
        footer: T.wishFooter,
      },
    };
  }

  /** Marks the told items, so a match repeated later (a stand approved again) is not news. */
  async told(m: EntityManager, letter: WishLetter): Promise<void> {
    await m.query(`INSERT INTO "wish_told" ("alert_id", "item_id") SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [letter.alert.id, letter.itemIds]);
  }

  private async alert(m: EntityManager, id: string): Promise<WishAlert | null> {
    const [row] = (await m.query(`SELECT "user_id", "radius_km", "label", "query" FROM "alerts" WHERE "id" = $1 AND "query_tsquery" IS NOT NULL`, [id])) as {
      user_id: string;
      radius_km: number;
      label: string | null;
      query: string;
    }[];
    return row ? { id, userId: row.user_id, radiusKm: Number(row.radius_km), label: row.label, query: row.query } : null;
  }

  /** The taken items that still match as the triggers matched them, not told before, soonest market first. */
  private async itemsToTell(m: EntityManager, alertId: string, itemIds: string[], now: Date): Promise<NewsItem[]> {
    const rows = (await m.query(
      `SELECT i."id", i."title", i."price_kind", i."price_cents", i."stand_id", e."name" AS "event_name", e."start_date_time" AS "start"
       FROM "items" i
       JOIN "stands" s ON s."id" = i."stand_id"
       JOIN "event_facts" e ON e."event_id" = s."event_id"
       JOIN "alerts" a ON a."id" = $3
       CROSS JOIN LATERAL (
         SELECT CASE WHEN s."latitude" IS NULL OR s."longitude" IS NULL THEN NULLIF(e."latitude", '')::float8 ELSE s."latitude"::float8 END AS "lat",
                CASE WHEN s."latitude" IS NULL OR s."longitude" IS NULL THEN NULLIF(e."longitude", '')::float8 ELSE s."longitude"::float8 END AS "lng"
       ) p
       WHERE i."id" = ANY($1::uuid[]) AND i."status" <> 'sold' AND s."status" = 'approved'
         AND NOT e."deleted" AND e."status" = 'planned' AND e."end_date_time" > $2 AND e."name" IS NOT NULL
         AND s."exhibitor_id" IS DISTINCT FROM a."user_id"
         AND "km_between"(a."latitude", a."longitude", p."lat", p."lng") <= a."radius_km"
         AND to_tsvector('german', i."title" || ' ' || i."category") @@ a."query_tsquery"
         AND NOT EXISTS (SELECT 1 FROM "wish_told" t WHERE t."alert_id" = $3 AND t."item_id" = i."id")
       ORDER BY e."start_date_time", e."event_id", s."id", i."created_at", i."id"`,
      [itemIds, now, alertId],
    )) as NewsItem[];
    return rows.map((row) => ({ ...row, start: new Date(row.start) }));
  }

  /** „Kinderfahrrad, 20 € – Stand #12, Flohmarkt am Rathaus, Samstag, 5. Dezember 2026: <link>“, the stand named as the public reads it. */
  private async lines(items: NewsItem[]): Promise<string[]> {
    const stands = await this.dataSource.getRepository(StandEntity).findBy({ id: In([...new Set(items.map((i) => i.stand_id))]) });
    const reads = new Map((await this.presenter.many(stands)).map((read) => [read.id, read]));
    return items.flatMap((item) => {
      const read = reads.get(item.stand_id);
      // Deleted between the two reads: left out rather than named wrongly.
      if (!read) return [];
      const price = formatItemPrice(
        item.price_kind === 'free' || item.price_cents === null ? { kind: item.price_kind } : { kind: item.price_kind, cents: item.price_cents },
      );
      const stand = standTitle(read);
      return [`${item.title}, ${price} – ${stand}, ${item.event_name}, ${formatLongDate(item.start)}: ${this.base}/stands/${item.stand_id}`];
    });
  }

  private get base(): string {
    return this.publicUrl.replace(/\/+$/, '');
  }
}
