import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateStandsAndReviews1763700200000 implements MigrationInterface {
  name = 'CreateStandsAndReviews1763700200000';

  async up(q: QueryRunner): Promise<void> {
    const s = q.dataSource.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."stands" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "event_id" uuid NOT NULL,
      "exhibitor_id" uuid,
      "stand_number" text,
      "description" text,
      "categories" text array NOT NULL DEFAULT '{}',
      "food_categories" text array NOT NULL DEFAULT '{}',
      "activity_categories" text array NOT NULL DEFAULT '{}',
      "photos" text array NOT NULL DEFAULT '{}',
      "latitude" numeric(10,8),
      "longitude" numeric(11,8),
      "status" text NOT NULL DEFAULT 'pending',
      "accepts_paypal" boolean NOT NULL DEFAULT false,
      "guest_first_name" text,
      "guest_last_name" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_stands" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_stands_event_id" ON "${s}"."stands" ("event_id")`);
    await q.query(`CREATE INDEX "IDX_stands_exhibitor_id" ON "${s}"."stands" ("exhibitor_id")`);
    await q.query(`CREATE UNIQUE INDEX "UQ_stands_event_id_exhibitor_id" ON "${s}"."stands" ("event_id", "exhibitor_id") WHERE "exhibitor_id" IS NOT NULL`);
    await q.query(`CREATE TABLE "${s}"."reviews" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "stand_id" uuid NOT NULL,
      "reviewer_id" uuid NOT NULL,
      "rating" integer NOT NULL,
      "comment" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_reviews" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_reviews_stand_id" ON "${s}"."reviews" ("stand_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.dataSource.driver.schema ?? 'public';
    await q.query(`DROP TABLE "${s}"."reviews"`);
    await q.query(`DROP TABLE "${s}"."stands"`);
  }
}
