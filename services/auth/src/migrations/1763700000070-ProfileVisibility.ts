import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Profile visibility (issue 20): a user may make their seller profile private. Existing profiles stay
 * public, as they were. Written out in full: a migration must mean the same forever.
 */
export class ProfileVisibility1763700000070 implements MigrationInterface {
  name = 'ProfileVisibility1763700000070';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."exhibitor_profiles" ADD "visibility" text NOT NULL DEFAULT 'public'`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`ALTER TABLE "${s}"."exhibitor_profiles" DROP COLUMN "visibility"`);
  }
}
