import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEvents1763700100000 implements MigrationInterface {
  name = 'CreateEvents1763700100000';

  async up(q: QueryRunner): Promise<void> {
    const s = q.dataSource.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."events" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "name" text NOT NULL,
      "description" text,
      "rules" text,
      "location" text NOT NULL,
      "latitude" numeric(10,8),
      "longitude" numeric(11,8),
      "start_date_time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "end_date_time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "organizer_id" uuid NOT NULL,
      "status" text NOT NULL DEFAULT 'planned',
      "contact_email" text,
      "contact_phone" text,
      "website_url" text,
      "website_link_text" text,
      "allow_stand_registration" boolean NOT NULL DEFAULT true,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_events" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_events_latitude_longitude" ON "${s}"."events" ("latitude", "longitude")`);
    await q.query(`CREATE INDEX "IDX_events_end_date_time" ON "${s}"."events" ("end_date_time")`);
    await q.query(`CREATE INDEX "IDX_events_organizer_id" ON "${s}"."events" ("organizer_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.dataSource.driver.schema ?? 'public';
    await q.query(`DROP TABLE "${s}"."events"`);
  }
}
