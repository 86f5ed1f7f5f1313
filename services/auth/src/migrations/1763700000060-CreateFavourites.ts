import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Favourites (issue 19): the events and stands a user keeps, and the ids deleted since (tombstones).
 * Ids are stored as given, never checked against their owner: a deleted event or stand leaves every
 * list when its EventDeleted / StandDeleted message arrives, and its tombstone keeps a PUT that
 * arrives later from bringing it back. A user's favourites go with the user (ON DELETE CASCADE).
 */
export class CreateFavourites1763700000060 implements MigrationInterface {
  name = 'CreateFavourites1763700000060';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE TABLE "${s}"."favourites" (
      "user_id" uuid NOT NULL,
      "kind" text NOT NULL,
      "target_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_favourites" PRIMARY KEY ("user_id", "kind", "target_id"),
      CONSTRAINT "CHK_favourites_kind" CHECK ("kind" IN ('events', 'stands')),
      CONSTRAINT "FK_favourites_user" FOREIGN KEY ("user_id") REFERENCES "${s}"."users"("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "IDX_favourites_target" ON "${s}"."favourites" ("kind", "target_id")`);
    await q.query(`CREATE TABLE "${s}"."favourite_tombstones" (
      "kind" text NOT NULL,
      "target_id" uuid NOT NULL,
      CONSTRAINT "PK_favourite_tombstones" PRIMARY KEY ("kind", "target_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TABLE "${s}"."favourite_tombstones"`);
    await q.query(`DROP TABLE "${s}"."favourites"`);
  }
}
