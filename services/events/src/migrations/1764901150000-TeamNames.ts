import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The display names of users (issue 36): the team list shows its members by name, never by e-mail,
 * and the events service never asks auth for users. A read model kept by auth's UserProfileChanged
 * (applied only when newer) and UserDeleted (the tombstone: names dropped, the highest version, so
 * a late message about the same user applies no more).
 */
export class TeamNames1764901150000 implements MigrationInterface {
  name = 'TeamNames1764901150000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "user_names" (
      "user_id" uuid NOT NULL,
      "first_name" text,
      "last_name" text,
      "version" bigint NOT NULL,
      CONSTRAINT "PK_user_names" PRIMARY KEY ("user_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "user_names"`);
  }
}
