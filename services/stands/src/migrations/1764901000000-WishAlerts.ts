import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The categories trigger of migration FollowsAndAlerts, `wishes` deciding whether it leaves wish alerts out. */
function categoriesMatch(wishes: 'skip' | 'include'): string {
  const onlyMarketAlerts = wishes === 'skip' ? `a."query_tsquery" IS NULL AND ` : '';
  return `CREATE OR REPLACE FUNCTION "stands_match_alert_categories"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        INSERT INTO "come_back_news" ("subscription_id", "user_id", "event_id", "reason")
          SELECT a."id", a."user_id", NEW."event_id", 'categories' FROM "alerts" a
            JOIN "event_facts" e ON e."event_id" = NEW."event_id"
           WHERE ${onlyMarketAlerts}cardinality(a."categories") > 0 AND a."categories" && NEW."categories"
             AND NOT e."deleted" AND e."status" <> 'cancelled' AND e."start_date_time" > now()
             AND e."latitude" IS NOT NULL AND e."longitude" IS NOT NULL
             AND "km_between"(a."latitude", a."longitude", e."latitude"::float8, e."longitude"::float8) <= a."radius_km"
             AND NOT EXISTS (SELECT 1 FROM "come_back_told" t WHERE t."subscription_id" = a."id" AND t."event_id" = NEW."event_id")
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END
    $fn$`;
}

/**
 * Wish alerts ("Suchauftrag", issue 35): an alert with words tells of newly listed items matching
 * them near its place. The words are kept as typed and as the tsquery the item search builds from
 * them; matched items wait in `wish_news` for the alert's next mail (the come-back mail rhythm), and
 * an item is told once per alert (`wish_told`).
 *
 * Matching happens in triggers, in the writer's transaction, so no item-writing path must remember it
 * and a restart loses nothing: an item listed at an approved stand, and every item of a stand when it
 * becomes approved. What matches is what the item search would find (come-back/wish-mails.ts tells
 * it): not sold, an approved stand at a planned market that has not ended and is not deleted, the
 * stand's point (the market's without one) within the alert's circle, title and category against the
 * words with the search's expression, and never the alert owner's own stand. A wish alert gets no
 * market news ('near', 'categories'): the categories trigger is replaced to leave it out.
 */
export class WishAlerts1764901000000 implements MigrationInterface {
  name = 'WishAlerts1764901000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "alerts" ADD "query" text`);
    await q.query(`ALTER TABLE "alerts" ADD "query_tsquery" tsquery`);
    await q.query(`CREATE TABLE "wish_news" (
      "alert_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "item_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_wish_news" PRIMARY KEY ("alert_id", "item_id"))`);
    await q.query(`CREATE TABLE "wish_told" (
      "alert_id" uuid NOT NULL,
      "item_id" uuid NOT NULL,
      CONSTRAINT "PK_wish_told" PRIMARY KEY ("alert_id", "item_id"))`);
    // Every item insert asks for the wish alerts near its stand: a box of latitudes (50 km ≈ 0.45°) over
    // the wish alerts alone keeps that a short index read, also when there are none.
    await q.query(`CREATE INDEX "IDX_alerts_wish_latitude" ON "alerts" ("latitude") WHERE "query_tsquery" IS NOT NULL`);
    // The items of one stand (all, or the one just listed) as news for the wish alerts they match.
    await q.query(`CREATE FUNCTION "record_wish_news"(of_stand uuid, only_item uuid) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $fn$
      INSERT INTO "wish_news" ("alert_id", "user_id", "item_id")
        SELECT a."id", a."user_id", i."id"
          FROM "stands" s
          JOIN "event_facts" e ON e."event_id" = s."event_id"
          -- Measured from the stand's public point (an approximate stand's cell centre before the day), as the
          -- item search measures (migration ItemSearchOrder creates the function; a plpgsql body resolves it when run).
          CROSS JOIN LATERAL "stand_public_point"(s."latitude", s."longitude", s."location_precision", e."start_date_time", e."latitude", e."longitude", now()) p
          JOIN "items" i ON i."stand_id" = s."id" AND (only_item IS NULL OR i."id" = only_item) AND i."status" <> 'sold'
          JOIN "alerts" a ON a."query_tsquery" IS NOT NULL AND a."latitude" BETWEEN p."lat" - 0.46 AND p."lat" + 0.46
         WHERE s."id" = of_stand AND s."status" = 'approved'
           AND NOT e."deleted" AND e."status" = 'planned' AND e."end_date_time" > now()
           AND s."exhibitor_id" IS DISTINCT FROM a."user_id"
           AND "km_between"(a."latitude", a."longitude", p."lat", p."lng") <= a."radius_km"
           AND to_tsvector('german', i."title" || ' ' || i."category") @@ a."query_tsquery"
           AND NOT EXISTS (SELECT 1 FROM "wish_told" t WHERE t."alert_id" = a."id" AND t."item_id" = i."id")
        ON CONFLICT DO NOTHING
    $fn$`);
    await q.query(`CREATE FUNCTION "items_match_wish_alerts"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        PERFORM "record_wish_news"(NEW."stand_id", NEW."id");
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE TRIGGER "TRG_items_listed_match_wishes" AFTER INSERT ON "items" FOR EACH ROW EXECUTE FUNCTION "items_match_wish_alerts"()`);
    await q.query(`CREATE FUNCTION "stands_match_wish_alerts"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        PERFORM "record_wish_news"(NEW."id", NULL);
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE TRIGGER "TRG_stands_approved_match_wishes" AFTER UPDATE OF "status" ON "stands" FOR EACH ROW
      WHEN (NEW."status" = 'approved' AND OLD."status" IS DISTINCT FROM 'approved') EXECUTE FUNCTION "stands_match_wish_alerts"()`);
    await q.query(categoriesMatch('skip'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(categoriesMatch('include'));
    await q.query(`DROP TRIGGER "TRG_stands_approved_match_wishes" ON "stands"`);
    await q.query(`DROP FUNCTION "stands_match_wish_alerts"()`);
    await q.query(`DROP TRIGGER "TRG_items_listed_match_wishes" ON "items"`);
    await q.query(`DROP FUNCTION "items_match_wish_alerts"()`);
    await q.query(`DROP FUNCTION "record_wish_news"(uuid, uuid)`);
    await q.query(`DROP INDEX "IDX_alerts_wish_latitude"`);
    await q.query(`DROP TABLE "wish_told"`);
    await q.query(`DROP TABLE "wish_news"`);
    await q.query(`ALTER TABLE "alerts" DROP COLUMN "query_tsquery"`);
    await q.query(`ALTER TABLE "alerts" DROP COLUMN "query"`);
  }
}
