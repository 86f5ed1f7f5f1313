import type { DataSource } from 'typeorm';

/** A table of news waiting for a subscription's next mail, and the column naming the subscription. */
type NewsTable = { table: 'come_back_news'; subscription: 'subscription_id' } | { table: 'wish_news'; subscription: 'alert_id' };

/**
 * The subscriptions (follows, alerts, wish alerts) whose mail is due by the come-back rhythm: the
 * oldest waiting news has waited `gatherS` (what came meanwhile goes along), and the last mail
 * (`come_back_mails`, shared by every kind) is a day old or there was none.
 */
export async function dueSubscriptions(dataSource: DataSource, news: NewsTable, now: Date, gatherS: number): Promise<string[]> {
  const rows = (await dataSource.query(
    `SELECT n."${news.subscription}" AS "id" FROM "${news.table}" n
     LEFT JOIN "come_back_mails" s ON s."subscription_id" = n."${news.subscription}"
     GROUP BY n."${news.subscription}", s."last_sent_at"
     HAVING min(n."created_at") <= $1::timestamptz - make_interval(secs => $2)
        AND (s."last_sent_at" IS NULL OR s."last_sent_at" <= $1::timestamptz - interval '24 hours')`,
    [now, gatherS],
  )) as { id: string }[];
  return rows.map((row) => row.id);
}
