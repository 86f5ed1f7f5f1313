import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One review per user and stand (a second one is a 409, also when two requests race), and the
 * reviewer index that the UserDeleted cascade deletes by.
 */
export class ReviewRules1763700200002 implements MigrationInterface {
  name = 'ReviewRules1763700200002';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE UNIQUE INDEX "UQ_reviews_stand_id_reviewer_id" ON "${s}"."reviews" ("stand_id", "reviewer_id")`);
    await q.query(`CREATE INDEX "IDX_reviews_reviewer_id" ON "${s}"."reviews" ("reviewer_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP INDEX "${s}"."IDX_reviews_reviewer_id"`);
    await q.query(`DROP INDEX "${s}"."UQ_reviews_stand_id_reviewer_id"`);
  }
}
