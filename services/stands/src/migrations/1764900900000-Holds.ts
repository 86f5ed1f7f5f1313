import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Free holds (issue 35): a visitor's request to keep an item until the market opens plus the
 * stand's hold time. One open hold (requested or accepted) per item, kept by a partial unique
 * index, so two requests at once cannot both pass. The seller's mail link carries a token of its
 * own, stored only as a hash. A hold goes with its item (a trigger, like items with their stand),
 * and ends when its item is marked sold (a trigger too).
 */
export class Holds1764900900000 implements MigrationInterface {
  name = 'Holds1764900900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "stands" ADD "hold_minutes" integer NOT NULL DEFAULT 60`);
    await q.query(`ALTER TABLE "stands" ADD CONSTRAINT "CHK_stands_hold_minutes" CHECK ("hold_minutes" BETWEEN 15 AND 240)`);
    await q.query(`CREATE TABLE "holds" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "item_id" uuid NOT NULL,
      "stand_id" uuid NOT NULL,
      "holder_id" uuid NOT NULL,
      "status" text NOT NULL DEFAULT 'requested',
      "pickup_code" text,
      "decision_token_hash" text NOT NULL,
      "ends_at" timestamptz NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "decided_at" timestamptz,
      CONSTRAINT "PK_holds" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_holds_status" CHECK ("status" IN ('requested', 'accepted', 'declined', 'ended', 'lapsed')))`);
    await q.query(`CREATE UNIQUE INDEX "UQ_holds_open_item" ON "holds" ("item_id") WHERE "status" IN ('requested', 'accepted')`);
    await q.query(`CREATE INDEX "IDX_holds_holder" ON "holds" ("holder_id", "created_at")`);
    await q.query(`CREATE INDEX "IDX_holds_stand" ON "holds" ("stand_id", "created_at")`);
    await q.query(`CREATE INDEX "IDX_holds_open_ends" ON "holds" ("ends_at") WHERE "status" IN ('requested', 'accepted')`);
    await q.query(`CREATE FUNCTION "holds_follow_items"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        DELETE FROM "holds" WHERE item_id = OLD.id;
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE TRIGGER "TRG_items_drop_holds" AFTER DELETE ON "items" FOR EACH ROW EXECUTE FUNCTION "holds_follow_items"()`);
    // An item marked sold ends its open hold, whichever path marked it (the item's edit, a later bulk write).
    await q.query(`CREATE FUNCTION "holds_end_with_sold"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        UPDATE "holds" SET "status" = 'ended', "decided_at" = COALESCE("decided_at", now())
        WHERE item_id = NEW.id AND "status" IN ('requested', 'accepted');
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE TRIGGER "TRG_items_sold_ends_holds" AFTER UPDATE OF "status" ON "items" FOR EACH ROW
      WHEN (NEW."status" = 'sold' AND OLD."status" IS DISTINCT FROM 'sold') EXECUTE FUNCTION "holds_end_with_sold"()`);
    // A stand that is no longer approved (withdrawn, rejected, released) keeps nothing for anyone: its open holds end.
    await q.query(`CREATE FUNCTION "holds_end_with_stand"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        UPDATE "holds" SET "status" = 'ended', "decided_at" = COALESCE("decided_at", now())
        WHERE stand_id = NEW.id AND "status" IN ('requested', 'accepted');
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE TRIGGER "TRG_stands_unapproved_ends_holds" AFTER UPDATE OF "status" ON "stands" FOR EACH ROW
      WHEN (OLD."status" = 'approved' AND NEW."status" <> 'approved') EXECUTE FUNCTION "holds_end_with_stand"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "TRG_stands_unapproved_ends_holds" ON "stands"`);
    await q.query(`DROP FUNCTION "holds_end_with_stand"()`);
    await q.query(`DROP TRIGGER "TRG_items_sold_ends_holds" ON "items"`);
    await q.query(`DROP FUNCTION "holds_end_with_sold"()`);
    await q.query(`DROP TRIGGER "TRG_items_drop_holds" ON "items"`);
    await q.query(`DROP FUNCTION "holds_follow_items"()`);
    await q.query(`DROP TABLE "holds"`);
    await q.query(`ALTER TABLE "stands" DROP CONSTRAINT "CHK_stands_hold_minutes"`);
    await q.query(`ALTER TABLE "stands" DROP COLUMN "hold_minutes"`);
  }
}
