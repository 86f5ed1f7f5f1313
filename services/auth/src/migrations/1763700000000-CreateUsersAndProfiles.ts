import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersAndProfiles1763700000000 implements MigrationInterface {
  name = 'CreateUsersAndProfiles1763700000000';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."users" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "email" text NOT NULL,
      "first_name" text,
      "last_name" text,
      "profile_image_url" text,
      "role" text NOT NULL DEFAULT 'participant',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "UQ_users_email" UNIQUE ("email"),
      CONSTRAINT "PK_users" PRIMARY KEY ("id"))`);
    await q.query(`CREATE TABLE "${s}"."exhibitor_profiles" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "bio" text,
      "specialties" text array NOT NULL DEFAULT '{}',
      "kleinanzeigen_url" text,
      "vinted_url" text,
      "total_stands" integer NOT NULL DEFAULT 0,
      "avg_rating" numeric(3,2) NOT NULL DEFAULT 0,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_exhibitor_profiles" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "IDX_exhibitor_profiles_user_id" ON "${s}"."exhibitor_profiles" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TABLE "${s}"."exhibitor_profiles"`);
    await q.query(`DROP TABLE "${s}"."users"`);
  }
}
