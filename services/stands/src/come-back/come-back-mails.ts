import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { formatLongDate, formatTime } from '@flohmarkt/contracts';
import { type BackgroundJob, publishMail } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { eachInOwnTransaction, sweepJob } from '../jobs/sweep.js';
import { NOTICE_TEXTS } from '../notifications/notice-texts.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { COME_BACK_TEXTS as T } from './come-back-texts.js';
import { dueSubscriptions } from './mail-rhythm.js';
import { WishMails, type WishLetter } from './wish-mails.js';

type Subscription =
  { kind: 'follow'; id: string; userId: string; organizerId: string } | { kind: 'alert'; id: string; userId: string; radiusKm: number; label: string | null };

type NewsMarket = { id: string; name: string; location: string; start: Date; end: Date; categories: string[] };

/**
 * The follow and alert mails (issue 34, docs/product.md#notifications): a subscription's first
 * news waits COME_BACK_GATHER_S (what else matched meanwhile goes in the same mail), and after a mail
 * the next waits a day. Each market is told once per subscription (`come_back_told`). The news is
 * taken, the mail put into the outbox and the day's mark written in one transaction under the
 * subscription's lock, so replicas and retries send it once; a market cancelled, deleted or begun
 * meanwhile is left out, and a mail with nothing left is not sent. A wish alert's items (issue 35,
 * wish-mails.ts) go in the same rhythm, under the same lock and day's mark.
 */
@Injectable()
export class ComeBackMails {
  private readonly wishes: WishMails;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly users: UserNamesReadModel,
    private readonly optOuts: MailOptOuts,
    presenter: StandPresenter,
  ) {
    this.wishes = new WishMails(dataSource, presenter, config.PUBLIC_URL);
  }

  /** The periodic job (jobs/stands-background-jobs.ts). */
  job(): BackgroundJob {
    return sweepJob('ComeBackMails', this.config.COME_BACK_SWEEP_SECONDS, (now, signal) => this.sendDue(now, signal));
  }

  /** Sends every follow, alert and wish alert mail that is due; answers how many went into the outbox. */
  async sendDue(now = new Date(), signal?: AbortSignal): Promise<number> {
    const markets = await this.sendMarketsDue(now, signal);
    return markets + (await this.sendWishesDue(now, signal));
  }

  private async sendWishesDue(now: Date, signal?: AbortSignal): Promise<number> {
    const due = await this.wishes.due(now, this.config.COME_BACK_GATHER_S);
    return eachInOwnTransaction(this.dataSource, due, signal, async (m, id) => ((await this.claim(m, id, now)) ? this.sendWish(m, id, now) : 0));
  }

  private async sendMarketsDue(now: Date, signal?: AbortSignal): Promise<number> {
    const due = await dueSubscriptions(this.dataSource, { table: 'come_back_news', subscription: 'subscription_id' }, now, this.config.COME_BACK_GATHER_S);
    return eachInOwnTransaction(this.dataSource, due, signal, (m, id) => this.sendFor(m, id, now));
  }

  /** The subscription's lock for this transaction, and no mail within the last day (another replica may have sent it a moment ago). */
  private async claim(m: EntityManager, subscriptionId: string, now: Date): Promise<boolean> {
    const [{ locked }] = (await m.query(`SELECT pg_try_advisory_xact_lock(hashtext('stands-come-back:' || $1)) AS "locked"`, [subscriptionId])) as {
      locked: boolean;
    }[];
    if (!locked) return false;
    const [recent] = (await m.query(`SELECT 1 FROM "come_back_mails" WHERE "subscription_id" = $1 AND "last_sent_at" > $2::timestamptz - interval '24 hours'`, [
      subscriptionId,
      now,
    ])) as unknown[];
    return !recent;
  }

  private async sendWish(m: EntityManager, alertId: string, now: Date): Promise<number> {
    const letter: WishLetter | null = await this.wishes.letter(m, alertId, now);
    if (!letter) return 0;
    const to = (await this.users.emails([letter.alert.userId])).get(letter.alert.userId);
    if (!to) return 0;
    await this.wishes.told(m, letter);
    const links = await this.optOuts.linksUnlessOptedOut(m, { address: to, scope: 'alert', eventId: alertId }, this.config.PUBLIC_URL);
    if (!links) return 0;
    const reader = (await this.users.exhibitors([letter.alert.userId])).get(letter.alert.userId);
    await publishMail(m, { ...letter.content, to, greeting: NOTICE_TEXTS.hello(reader?.firstName ?? null), ...links });
    await this.markSent(m, alertId, now);
    return 1;
  }

  private async markSent(m: EntityManager, subscriptionId: string, now: Date): Promise<void> {
    await m.query(
      `INSERT INTO "come_back_mails" ("subscription_id", "last_sent_at") VALUES ($1, $2) ON CONFLICT ("subscription_id") DO UPDATE SET "last_sent_at" = excluded."last_sent_at"`,
      [subscriptionId, now],
    );
  }

  private async sendFor(m: EntityManager, subscriptionId: string, now: Date): Promise<number> {
    if (!(await this.claim(m, subscriptionId, now))) return 0;
    const [taken] = (await m.query(`DELETE FROM "come_back_news" WHERE "subscription_id" = $1 RETURNING "event_id", "reason"`, [subscriptionId])) as [
      { event_id: string; reason: string }[],
      number,
    ];
    const subscription = await this.subscription(m, subscriptionId);
    if (!subscription || !taken.length) return 0;
    const markets = await this.marketsToTell(m, subscriptionId, taken, now);
    if (!markets.length) return 0;
    const to = (await this.users.emails([subscription.userId])).get(subscription.userId);
    if (!to) return 0;
    await m.query(`INSERT INTO "come_back_told" ("subscription_id", "event_id") SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, [
      subscriptionId,
      markets.map((market) => market.id),
    ]);
    const links = await this.optOuts.linksUnlessOptedOut(m, { address: to, scope: subscription.kind, eventId: subscription.id }, this.config.PUBLIC_URL);
    if (!links) return 0;
    const reader = (await this.users.exhibitors([subscription.userId])).get(subscription.userId);
    const content = subscription.kind === 'follow' ? await this.followMail(subscription, markets) : this.alertMail(subscription, markets);
    await publishMail(m, { ...content, to, greeting: NOTICE_TEXTS.hello(reader?.firstName ?? null), ...links });
    await this.markSent(m, subscriptionId, now);
    return 1;
  }

  private async subscription(m: EntityManager, id: string): Promise<Subscription | null> {
    const [follow] = (await m.query(`SELECT "user_id", "organizer_id" FROM "follows" WHERE "id" = $1`, [id])) as { user_id: string; organizer_id: string }[];
    if (follow) return { kind: 'follow', id, userId: follow.user_id, organizerId: follow.organizer_id };
    const [alert] = (await m.query(`SELECT "user_id", "radius_km", "label" FROM "alerts" WHERE "id" = $1`, [id])) as {
      user_id: string;
      radius_km: number;
      label: string | null;
    }[];
    return alert ? { kind: 'alert', id, userId: alert.user_id, radiusKm: Number(alert.radius_km), label: alert.label } : null;
  }

  /** The taken news as markets still worth a trip (upcoming, not cancelled, not told before), soonest first, with the categories that matched. */
  private async marketsToTell(m: EntityManager, subscriptionId: string, taken: { event_id: string; reason: string }[], now: Date): Promise<NewsMarket[]> {
    const rows = (await m.query(
      `SELECT e."event_id" AS "id", e."name", e."location", e."start_date_time" AS "start", e."end_date_time" AS "end" FROM "event_facts" e
       WHERE e."event_id" = ANY($1::uuid[]) AND NOT e."deleted" AND e."status" <> 'cancelled' AND e."start_date_time" > $2 AND e."name" IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM "come_back_told" t WHERE t."subscription_id" = $3 AND t."event_id" = e."event_id")
       ORDER BY e."start_date_time", e."event_id"`,
      [taken.map((t) => t.event_id), now, subscriptionId],
    )) as { id: string; name: string; location: string; start: Date; end: Date }[];
    const byCategory = new Set(taken.filter((t) => t.reason === 'categories').map((t) => t.event_id));
    const alertCategories = byCategory.size
      ? (((await m.query(`SELECT "categories" FROM "alerts" WHERE "id" = $1`, [subscriptionId])) as { categories: string[] }[])[0]?.categories ?? [])
      : [];
    const offered = byCategory.size
      ? ((await m.query(
          `SELECT "event_id", array_agg(DISTINCT c) AS "categories" FROM "stands", unnest("categories") AS c
           WHERE "event_id" = ANY($1::uuid[]) AND "status" = 'approved' AND c = ANY($2::text[]) GROUP BY "event_id"`,
          [[...byCategory], alertCategories],
        )) as { event_id: string; categories: string[] }[])
      : [];
    const categoriesOf = new Map(offered.map((o) => [o.event_id, o.categories.sort((a, b) => a.localeCompare(b, 'de'))]));
    return rows.map((row) => ({ ...row, start: new Date(row.start), end: new Date(row.end), categories: categoriesOf.get(row.id) ?? [] }));
  }

  private line(market: NewsMarket): string {
    const url = `${this.base}/events/${market.id}`;
    const stands = market.categories.length ? T.withStands(market.categories) : '';
    return `${formatLongDate(market.start)}, ${formatTime(market.start)} Uhr – ${market.name}, ${market.location}${stands}: ${url}`;
  }

  private get base(): string {
    return this.config.PUBLIC_URL.replace(/\/+$/, '');
  }

  private async followMail(subscription: Extract<Subscription, { kind: 'follow' }>, markets: NewsMarket[]) {
    const person = (await this.users.exhibitors([subscription.organizerId])).get(subscription.organizerId);
    const organiser = [person?.firstName, person?.lastName].filter(Boolean).join(' ') || T.someOrganiser;
    return {
      subject: T.followSubject(markets.length)(organiser),
      kind: 'follow-news' as const,
      heading: T.followHeading,
      paragraphs: [T.follow(organiser)],
      list: markets.map((market) => this.line(market)),
      action: { label: T.organiserAction, url: `${this.base}/users/${subscription.organizerId}` },
      footer: T.followFooter,
    };
  }

  private alertMail(subscription: Extract<Subscription, { kind: 'alert' }>, markets: NewsMarket[]) {
    const place = subscription.label ?? T.yourPlace;
    return {
      subject: T.alertSubject(markets.length)(subscription.label ?? T.nearYourPlace),
      kind: 'alert-news' as const,
      heading: T.alertHeading,
      paragraphs: [T.alert(subscription.radiusKm, place)],
      list: markets.map((market) => this.line(market)),
      action: { label: T.settingsAction, url: `${this.base}/settings` },
      footer: T.alertFooter,
    };
  }
}
