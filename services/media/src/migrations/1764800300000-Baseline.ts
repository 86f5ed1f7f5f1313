import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIdempotentRequestsTableSql, createOutboxTableSql } from '@flohmarkt/server-kit';

/**
 * The media schema as it stands before the first release (docs/adr/0017-one-baseline-per-service.md).
 * Later changes are migrations of their own, after this one. Names are plain: the migration's
 * connection has the service's schema as its search_path.
 */
export class Baseline1764800300000 implements MigrationInterface {
  name = 'Baseline1764800300000';

  async up(q: QueryRunner): Promise<void> {
    // A stand's photos: the original as uploaded, the served image and thumbnail once the worker made them.
    await q.query(`CREATE TABLE "photos" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "stand_id" uuid NOT NULL,
      "position" integer NOT NULL,
      "status" text NOT NULL DEFAULT 'processing',
      "original_key" text NOT NULL,
      "served_key" text,
      "thumb_key" text,
      "failure_reason" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_photos" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_photos_stand_id" ON "photos" ("stand_id")`);
    // The version of each PhotoStateChanged the stands service keeps as a read model (photos/photo-state-announcement.ts).
    await q.query(`CREATE SEQUENCE "photo_state_version" AS bigint`);

    // Media owns each stand's photo list (order, limit, why the last upload was dropped) and announces
    // it to the stands service (StandPhotosChanged); `edit_version` orders the stands service's edits.
    await q.query(`CREATE TABLE "stand_photo_lists" (
      "stand_id" uuid NOT NULL,
      "version" bigint NOT NULL DEFAULT 0,
      "edit_version" bigint NOT NULL DEFAULT 0,
      "photo_error" text,
      CONSTRAINT "PK_stand_photo_lists" PRIMARY KEY ("stand_id"))`);

    // The messaging runtime relays from the outbox; safe retries (Idempotency-Key, docs/adr/0016-idempotent-writes.md).
    for (const sql of createOutboxTableSql()) await q.query(sql);
    for (const sql of createIdempotentRequestsTableSql()) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "idempotent_requests", "outbox", "stand_photo_lists", "photos"`);
    await q.query(`DROP SEQUENCE "photo_state_version"`);
  }
}
