import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Following an organiser and the Flohmarkt-Alarm (issue 34). `follows` and `alerts` are a user's own
 * subscriptions; `come_back_news` holds each match still to be mailed (one row per subscription and
 * market, so a market is told once per follow or alert however often it matches), `come_back_mails`
 * when each subscription was last mailed (at most one mail a day). A new market is matched when the
 * read model first hears of it (come-back/come-back-news.ts); a stand approved with categories an
 * alert chose is matched by the trigger below, in the writer's transaction, whichever path approved it
 * (single or bulk review, a walk-up stand written approved).
 */
export class FollowsAndAlerts1764900500000 implements MigrationInterface {
  name = 'FollowsAndAlerts1764900500000';

  async up(q: QueryRunner): Promise<void> {
    // Great-circle kilometres (the product's 6371 km earth, like contracts haversineKm).
    await q.query(`CREATE FUNCTION "km_between"(lat1 float8, lng1 float8, lat2 float8, lng2 float8) RETURNS float8
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT 2 * 6371 * asin(sqrt(power(sin(radians(lat2 - lat1) / 2), 2)
                                  + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)))
      $$`);
    await q.query(`CREATE TABLE "follows" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "organizer_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_follows" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_follows_user_organizer" UNIQUE ("user_id", "organizer_id"))`);
    await q.query(`CREATE INDEX "IDX_follows_organizer" ON "follows" ("organizer_id")`);
    await q.query(`CREATE TABLE "alerts" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "latitude" float8 NOT NULL,
      "longitude" float8 NOT NULL,
      "radius_km" integer NOT NULL,
      "label" text,
      "categories" text array NOT NULL DEFAULT '{}',
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_alerts" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_alerts_radius" CHECK ("radius_km" BETWEEN 1 AND 50))`);
    await q.query(`CREATE INDEX "IDX_alerts_user" ON "alerts" ("user_id")`);
    await q.query(`CREATE TABLE "come_back_news" (
      "subscription_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "event_id" uuid NOT NULL,
      "reason" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_come_back_news" PRIMARY KEY ("subscription_id", "event_id"),
      CONSTRAINT "CHK_come_back_news_reason" CHECK ("reason" IN ('followed-organizer', 'near', 'categories')))`);
    await q.query(`CREATE TABLE "come_back_mails" (
      "subscription_id" uuid NOT NULL,
      "last_sent_at" timestamptz NOT NULL,
      CONSTRAINT "PK_come_back_mails" PRIMARY KEY ("subscription_id"))`);
    // A market told once per subscription: what was mailed is remembered, so a match repeated later is not news.
    await q.query(`CREATE TABLE "come_back_told" (
      "subscription_id" uuid NOT NULL,
      "event_id" uuid NOT NULL,
      CONSTRAINT "PK_come_back_told" PRIMARY KEY ("subscription_id", "event_id"))`);
    await q.query(`CREATE FUNCTION "stands_match_alert_categories"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        INSERT INTO "come_back_news" ("subscription_id", "user_id", "event_id", "reason")
          SELECT a."id", a."user_id", NEW."event_id", 'categories' FROM "alerts" a
            JOIN "event_facts" e ON e."event_id" = NEW."event_id"
           WHERE cardinality(a."categories") > 0 AND a."categories" && NEW."categories"
             AND NOT e."deleted" AND e."status" <> 'cancelled' AND e."start_date_time" > now()
             AND e."latitude" IS NOT NULL AND e."longitude" IS NOT NULL
             AND "km_between"(a."latitude", a."longitude", e."latitude"::float8, e."longitude"::float8) <= a."radius_km"
             AND NOT EXISTS (SELECT 1 FROM "come_back_told" t WHERE t."subscription_id" = a."id" AND t."event_id" = NEW."event_id")
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE TRIGGER "TRG_stands_approved_match_alerts" AFTER INSERT OR UPDATE OF "status" ON "stands" FOR EACH ROW
      WHEN (NEW."status" = 'approved') EXECUTE FUNCTION "stands_match_alert_categories"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "TRG_stands_approved_match_alerts" ON "stands"`);
    await q.query(`DROP FUNCTION "stands_match_alert_categories"()`);
    await q.query(`DROP TABLE "come_back_told", "come_back_mails", "come_back_news", "alerts", "follows"`);
    await q.query(`DROP FUNCTION "km_between"(float8, float8, float8, float8)`);
  }
}
