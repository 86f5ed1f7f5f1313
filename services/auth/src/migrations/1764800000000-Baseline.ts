import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createOutboxTableSql } from '@flohmarkt/server-kit';

/**
 * The auth schema as it stands before the first release (docs/adr/0017-one-baseline-per-service.md).
 * Later changes are migrations of their own, after this one. Names are plain: the migration's
 * connection has the service's schema as its search_path.
 */
export class Baseline1764800000000 implements MigrationInterface {
  name = 'Baseline1764800000000';

  async up(q: QueryRunner): Promise<void> {
    // Users are recognised by their provider's `iss` + `sub`, linked at their first sign-in.
    await q.query(`CREATE TABLE "users" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "email" text NOT NULL,
      "first_name" text,
      "last_name" text,
      "profile_image_url" text,
      "role" text NOT NULL DEFAULT 'participant',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "oidc_issuer" text,
      "oidc_subject" text,
      CONSTRAINT "PK_users" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_users_email" UNIQUE ("email"),
      CONSTRAINT "UQ_users_oidc_identity" UNIQUE ("oidc_issuer", "oidc_subject"))`);
    // The version of each UserProfileChanged (users/profile-announcement.ts), drawn after the user's row is locked.
    await q.query(`CREATE SEQUENCE "user_profile_version"`);

    // A seller's profile; `visibility` 'private' hides it from the public (issue 20).
    await q.query(`CREATE TABLE "exhibitor_profiles" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "bio" text,
      "specialties" text array NOT NULL DEFAULT '{}',
      "kleinanzeigen_url" text,
      "vinted_url" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "visibility" text NOT NULL DEFAULT 'public',
      CONSTRAINT "PK_exhibitor_profiles" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "IDX_exhibitor_profiles_user_id" ON "exhibitor_profiles" ("user_id")`);

    // Read model of the stands service (ExhibitorStatsChanged), one row per user: users without a profile have figures too.
    await q.query(`CREATE TABLE "exhibitor_figures" (
      "user_id" uuid NOT NULL,
      "total_stands" integer NOT NULL,
      "avg_rating" numeric(3,2) NOT NULL,
      "version" bigint NOT NULL,
      CONSTRAINT "PK_exhibitor_figures" PRIMARY KEY ("user_id"))`);

    // Favourites (issue 19): the events and stands a user keeps. Ids are stored as given, never checked
    // against their owner: a deleted event or stand leaves every list when its EventDeleted /
    // StandDeleted message arrives. A user's favourites go with the user.
    await q.query(`CREATE TABLE "favourites" (
      "user_id" uuid NOT NULL,
      "kind" text NOT NULL,
      "target_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_favourites" PRIMARY KEY ("user_id", "kind", "target_id"),
      CONSTRAINT "CHK_favourites_kind" CHECK ("kind" IN ('events', 'stands')),
      CONSTRAINT "FK_favourites_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "IDX_favourites_target" ON "favourites" ("kind", "target_id")`);
    // The ids deleted so far: a PUT that arrives after the deletion message never brings one back.
    await q.query(`CREATE TABLE "favourite_tombstones" (
      "kind" text NOT NULL,
      "target_id" uuid NOT NULL,
      CONSTRAINT "PK_favourite_tombstones" PRIMARY KEY ("kind", "target_id"))`);

    for (const sql of createOutboxTableSql()) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "outbox", "favourite_tombstones", "favourites", "exhibitor_figures", "exhibitor_profiles", "users"`);
    await q.query(`DROP SEQUENCE "user_profile_version"`);
  }
}
