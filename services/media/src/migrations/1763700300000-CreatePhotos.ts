import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePhotos1763700300000 implements MigrationInterface {
  name = 'CreatePhotos1763700300000';

  async up(q: QueryRunner): Promise<void> {
    const s = q.dataSource.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."photos" (
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
    await q.query(`CREATE INDEX "IDX_photos_stand_id" ON "${s}"."photos" ("stand_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.dataSource.driver.schema ?? 'public';
    await q.query(`DROP TABLE "${s}"."photos"`);
  }
}
