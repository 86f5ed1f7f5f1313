import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why the media service dropped the stand's last upload, so the stand read can say so (`photoError`). */
export class StandPhotoError1763700200003 implements MigrationInterface {
  name = 'StandPhotoError1763700200003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${q.connection.driver.schema ?? 'public'}"."stands" ADD "photo_error" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${q.connection.driver.schema ?? 'public'}"."stands" DROP COLUMN "photo_error"`);
  }
}
