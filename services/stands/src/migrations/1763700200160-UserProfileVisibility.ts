import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read model of auth (issue 20): whether a user's seller profile is public. Rows from before are public,
 * as every profile was; auth's next UserProfileChanged of a private profile brings the change.
 * Written out in full: a migration must mean the same forever.
 */
export class UserProfileVisibility1763700200160 implements MigrationInterface {
  name = 'UserProfileVisibility1763700200160';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."user_names" ADD "profile_public" boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."user_names" DROP COLUMN "profile_public"`);
  }
}
